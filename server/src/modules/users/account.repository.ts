import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { ColouredPagesTable, CreditLedgerTable, Database, ImagesTable, OrdersTable, SubscriptionsTable } from '../../db/schema';
import { newId, nowIso } from '../../lib/ids';
import { bumpImagesVersion } from '../library/images-version';
import { variantKeys } from '../images/colour-by-number';
import { parseFiles } from '../images/image-files';
import type { StorageDeletionsRepository } from '../images/storage-deletions.repository';
import type { UserRow } from './users.repository';

/**
 * Ledger rows that record money's worth (credits a payment bought, a paid plan's monthly grants):
 * kept, detached, with the orders. Every other row (sign-up gift, spending, refunds of failed
 * pages, top-ups) describes what the person did, and goes with the account.
 */
export const ACCOUNTING_LEDGER_REASONS = ['purchase', 'monthly_grant'] as const;

/** Subscription statuses in which the provider may still charge (a cancelled one no longer renews). */
const RENEWING = ['active', 'past_due'];

export interface DeletedAccount {
  /** Every stored file the account owned, listed in `storage_deletions` by the same transaction. */
  fileKeys: string[];
  /** The anonymous row its kept payment records now point at. */
  tombstoneId: string;
}

/** Every stored key of a page: its files by role, its photo, and its colour-by-number variants. */
export function pageFileKeys(row: Pick<ImagesTable, 'id' | 'files'>): string[] {
  return [...Object.values(parseFiles(row.files)).filter((key): key is string => typeof key === 'string'), ...variantKeys(row.id)];
}

/** Reads for the data export and the deletion of one account (decision 051). */
export function createAccountRepository(db: Kysely<Database>, deletions: StorageDeletionsRepository) {
  return {
    /** Subscriptions the provider runs and may still charge: cancelled there before anything is deleted. */
    providerSubscriptions(userId: string): Promise<Pick<Selectable<SubscriptionsTable>, 'id' | 'provider_subscription_id'>[]> {
      return db
        .selectFrom('subscriptions')
        .select(['id', 'provider_subscription_id'])
        .where('user_id', '=', userId)
        .where('status', 'in', RENEWING)
        .where('provider_subscription_id', 'is not', null)
        .execute();
    },

    /**
     * Deletes the account in one transaction: its rows go, the payment records the law keeps move
     * to a new anonymous row, and every file key is listed for removal after the commit. Answers
     * null when the account is already gone (a second request).
     */
    async deleteAccount(user: Pick<UserRow, 'id' | 'avatar_key'>): Promise<DeletedAccount | null> {
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        // First, and on the user's row: ends every session at once and serialises with a second
        // deletion, a sign-in's check and anything else that locks the account.
        const claimed = await trx.updateTable('users').set({ disabled: 1, updated_at: now }).where('id', '=', user.id).where('disabled', '=', 0).executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) return null;

        // Tasks before pages: a page being finished right now either completed its task already
        // (its image is read below) or finds the task gone and throws its own files away.
        const tasks = await trx.deleteFrom('generation_tasks').where('user_id', '=', user.id).returning(['upload_key']).execute();
        const images = await trx.selectFrom('images').select(['id', 'files', 'category_id', 'is_public']).where('user_id', '=', user.id).execute();
        const imageIds = images.map((image) => image.id);
        // The member's own coloured pictures, and everyone's pictures of the member's pages.
        let coloured = trx.selectFrom('coloured_pages').select(['id', 'file_key', 'thumb_key']).where('user_id', '=', user.id);
        if (imageIds.length) coloured = trx.selectFrom('coloured_pages').select(['id', 'file_key', 'thumb_key']).where((eb) => eb.or([eb('user_id', '=', user.id), eb('image_id', 'in', imageIds)]));
        const pictures = await coloured.execute();

        const fileKeys = [
          ...images.flatMap(pageFileKeys),
          ...pictures.flatMap((picture) => [picture.file_key, picture.thumb_key]),
          ...tasks.map((task) => task.upload_key).filter((key): key is string => !!key),
          ...(user.avatar_key ? [user.avatar_key] : []),
        ];
        await deletions.add(trx, fileKeys);

        // What accounting keeps, detached: a new anonymous account row with no name, address,
        // password or Google identity, that cannot sign in and is never topped up.
        const tombstoneId = newId();
        const tombstoneName = `deleted_${randomBytes(6).toString('hex')}`;
        await trx
          .insertInto('users')
          .values({
            id: tombstoneId,
            username: tombstoneName,
            username_key: tombstoneName,
            email: `${tombstoneId}@deleted.invalid`,
            password_hash: null,
            google_sub: null,
            avatar_key: null,
            credits: 0,
            membership_level: 'free',
            membership_period_end: null,
            cancel_at_period_end: 0,
            disabled: 1,
            preferred_lang: 'en',
            next_topup_at: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx.updateTable('orders').set({ user_id: tombstoneId }).where('user_id', '=', user.id).execute();
        await trx
          .updateTable('subscriptions')
          .set({ status: 'ended', ended_at: now, renew_at: null, retry_at: null, grace_until: null, next_grant_at: null })
          .where('user_id', '=', user.id)
          .where('status', 'in', [...RENEWING, 'cancelled'])
          .execute();
        // The card on file (test provider) is the person's, not the accounts'.
        await trx.updateTable('subscriptions').set({ user_id: tombstoneId, payment_token: null }).where('user_id', '=', user.id).execute();
        await trx.updateTable('credit_ledger').set({ user_id: tombstoneId }).where('user_id', '=', user.id).where('reason', 'in', [...ACCOUNTING_LEDGER_REASONS]).execute();

        if (pictures.length) await trx.deleteFrom('coloured_pages').where('id', 'in', pictures.map((picture) => picture.id)).execute();
        // Its pages (their search documents, tags, reports and example places go with them).
        await trx.deleteFrom('images').where('user_id', '=', user.id).execute();
        // Sessions, refresh tokens, reset links, reports made, the rest of the ledger: by cascade.
        await trx.deleteFrom('users').where('id', '=', user.id).execute();

        // A category whose card or counts showed one of these pages: every process's category cache goes.
        const covers = imageIds.length ? await trx.selectFrom('categories').select('id').where('cover_image_id', 'in', imageIds).execute() : [];
        if (covers.length || images.some((image) => image.category_id !== null)) {
          await trx.updateTable('settings').set({ value: newId() }).where('key', '=', 'library_version').execute();
        }
        // Last: every cached public answer that could show one of these pages is dropped (decision 021).
        if (images.length) await bumpImagesVersion(trx);
        return { fileKeys: [...new Set(fileKeys)], tombstoneId };
      });
    },

    /** The account's pages, oldest first, for the export. */
    images(userId: string): Promise<Selectable<ImagesTable>[]> {
      return db.selectFrom('images').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },
    colouredPictures(userId: string): Promise<Selectable<ColouredPagesTable>[]> {
      return db.selectFrom('coloured_pages').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },
    orders(userId: string): Promise<Selectable<OrdersTable>[]> {
      return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },
    subscriptions(userId: string): Promise<Selectable<SubscriptionsTable>[]> {
      return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },
    ledger(userId: string): Promise<Selectable<CreditLedgerTable>[]> {
      return db.selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
