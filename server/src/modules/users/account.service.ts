import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { DELETE_ACCOUNT_GOOGLE_MAX_AGE_SECONDS, exportFileName } from '@studio/contracts/account';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import { imageSlug } from '@studio/contracts/images';
import type { GoogleVerifier } from '../../adapters/google/google-verifier';
import type { Mailer } from '../../adapters/mail/mailer';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import type { Storage } from '../../adapters/storage/storage';
import { parseLocalized } from '../../db/localized';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { zipStream, type ZipEntry } from '../../lib/zip-stream';
import { parseFiles } from '../images/image-files';
import type { StorageDeletionsRepository } from '../images/storage-deletions.repository';
import { removeListedFiles } from '../images/stored-file-deletions';
import { accountDeletedMail } from './account-deleted-mail';
import type { AccountRepository } from './account.repository';
import { toUserDto } from './user-dto';
import type { UserRow, UsersRepository } from './users.repository';

export interface AccountServiceDeps {
  accounts: AccountRepository;
  users: Pick<UsersRepository, 'findById'>;
  deletions: StorageDeletionsRepository;
  storage: Storage;
  provider: PaymentProvider;
  google: GoogleVerifier | null;
  mailer: Mailer;
  publicUrl: string;
  contactEmail: string;
  logger: Logger;
}

const wrongPassword = () => new AppError(ErrorCode.currentPasswordIncorrect, undefined, { password: 'validation.currentPasswordWrong' });

/**
 * The account as a whole (decision 051): its owner takes a copy of everything in it, or deletes it
 * with everything in it.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { accounts, storage, logger } = deps;

  async function signedInUser(userId: string): Promise<UserRow> {
    const row = await deps.users.findById(userId);
    if (!row || row.disabled) throw new AppError(ErrorCode.unauthorized);
    return row;
  }

  /** The owner proves it is them again: the password, or a Google sign-in made minutes ago. */
  async function confirmOwner(user: UserRow, input: { password?: string; googleToken?: string }): Promise<void> {
    if (input.password !== undefined) {
      // An account without a password takes as long to refuse as one with a wrong password.
      const valid = user.password_hash ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
      if (!valid) throw wrongPassword();
      return;
    }
    if (!deps.google || !user.google_sub) throw new AppError(ErrorCode.googleLoginFailed, 'This account is not confirmed with Google; use its password');
    let sub: string;
    try {
      sub = (await deps.google.verify(input.googleToken ?? '', { maxAgeSeconds: DELETE_ACCOUNT_GOOGLE_MAX_AGE_SECONDS })).sub;
    } catch (error) {
      logger.info({ err: error }, 'Google ID token for an account deletion rejected');
      throw new AppError(ErrorCode.googleLoginFailed, 'Google token invalid');
    }
    if (sub !== user.google_sub) throw new AppError(ErrorCode.googleLoginFailed, 'This Google account is not the one linked to this account');
  }

  /** Stops every renewal the provider runs for the account; a refusal stops the deletion before anything is gone. */
  async function cancelAtProvider(userId: string): Promise<void> {
    for (const sub of await accounts.providerSubscriptions(userId)) {
      try {
        if (!deps.provider.cancelSubscription) throw new Error(`the ${deps.provider.name} provider cannot cancel subscription ${sub.id}`);
        await deps.provider.cancelSubscription(sub.provider_subscription_id!, 'Account deleted by its owner');
      } catch (error) {
        logger.error({ err: error, subscriptionId: sub.id }, 'cancelling at the provider before an account deletion failed');
        throw new AppError(ErrorCode.cancelSubscriptionFailed, 'The payment provider did not confirm the cancellation of your subscription, so nothing was deleted; please try again', undefined, {
          httpStatus: 503,
        });
      }
    }
  }

  return {
    async deleteAccount(userId: string, input: { password?: string; googleToken?: string; lang?: string }): Promise<void> {
      const user = await signedInUser(userId);
      await confirmOwner(user, input);
      await cancelAtProvider(user.id);
      const deleted = await accounts.deleteAccount(user);
      if (!deleted) throw new AppError(ErrorCode.unauthorized);
      // After the commit: a file that cannot be removed now stays listed for the sweep.
      const removed = await removeListedFiles(deps.deletions, storage, deleted.fileKeys, logger);
      logger.info({ tombstoneId: deleted.tombstoneId, files: deleted.fileKeys.length, removed }, 'account deleted');
      const mail = accountDeletedMail({ to: user.email, username: user.username, lang: input.lang ?? user.preferred_lang, contactEmail: deps.contactEmail });
      await deps.mailer.send(mail).catch((error) => logger.error({ err: error, tombstoneId: deleted.tombstoneId }, 'account deletion mail failed'));
    },

    /** A ZIP of everything the account holds, streamed entry by entry. */
    async exportData(userId: string): Promise<{ body: Readable; fileName: string }> {
      const user = await signedInUser(userId);
      const [images, pictures, orders, subscriptions, ledger] = await Promise.all([
        accounts.images(user.id),
        accounts.colouredPictures(user.id),
        accounts.orders(user.id),
        accounts.subscriptions(user.id),
        accounts.ledger(user.id),
      ]);
      const now = new Date();
      const json = (name: string, value: unknown): ZipEntry => ({ name, date: now, read: async () => Buffer.from(`${JSON.stringify(value, null, 2)}\n`) });
      const stored = (name: string, key: string | null, date: string): ZipEntry[] => (key ? [{ name, date: new Date(date), read: () => storage.get(key) }] : []);

      const folders = new Set<string>();
      const pages = images.map((row) => {
        const title = parseLocalized(row.title);
        // A slug ends with the id's last 8 characters; two pages sharing one get the whole id.
        const slug = imageSlug(title.en, row.id);
        const folder = `pages/${folders.has(slug) ? `${slug}-${row.id}` : slug}`;
        folders.add(slug);
        const files = parseFiles(row.files);
        const entries = [
          ...stored(`${folder}/page.png`, files.page, row.created_at),
          ...stored(`${folder}/page-letter.pdf`, files.pdfLetter, row.created_at),
          ...stored(`${folder}/page-a4.pdf`, files.pdfA4, row.created_at),
          ...stored(`${folder}/page.svg`, files.svg, row.created_at),
          ...stored(`${folder}/colour-preview.png`, files.color, row.created_at),
          ...stored(`photos/${row.id}.webp`, files.source, row.created_at),
        ];
        const meta = {
          id: row.id,
          folder,
          photo: files.source ? `photos/${row.id}.webp` : null,
          type: row.type,
          title,
          description: parseLocalized(row.description),
          prompt: parseLocalized(row.prompt),
          ratio: row.ratio,
          difficulty: row.difficulty,
          isPublic: row.is_public === 1,
          createdAt: row.created_at,
        };
        return { entries, meta };
      });
      const profile = {
        exportedAt: now.toISOString(),
        user: toUserDto(user, deps.publicUrl),
        preferredLanguage: user.preferred_lang,
        signsInWith: { password: user.password_hash !== null, google: user.google_sub !== null },
        subscriptions: subscriptions.map((sub) => ({
          planCode: sub.plan_code,
          level: sub.level,
          status: sub.status,
          chargeType: sub.charge_type,
          amount: sub.amount,
          provider: sub.provider,
          startedAt: sub.started_at,
          periodEnd: sub.period_end,
          cancelledAt: sub.cancelled_at,
          endedAt: sub.ended_at,
        })),
      };
      const entries: ZipEntry[] = [
        json('profile.json', profile),
        json('orders.json', orders.map((order) => ({
          orderId: order.id,
          kind: order.kind,
          planCode: order.plan_code,
          chargeType: order.charge_type,
          method: order.method,
          provider: order.provider,
          providerOrderId: order.provider_order_id,
          amount: order.amount,
          currency: order.currency,
          credits: Number(order.credits),
          status: order.status,
          createdAt: order.created_at,
          paidAt: order.paid_at,
        }))),
        json('credits.json', ledger.map((row) => ({ delta: Number(row.delta), reason: row.reason, balanceAfter: Number(row.balance_after), createdAt: row.created_at }))),
        json('pages.json', pages.map((page) => page.meta)),
        json('coloured.json', pictures.map((picture) => ({ imageId: picture.image_id, file: `coloured/${picture.image_id}.png`, createdAt: picture.created_at, updatedAt: picture.updated_at }))),
        ...(user.avatar_key ? stored('avatar.webp', user.avatar_key, user.updated_at) : []),
        ...pages.flatMap((page) => page.entries),
        ...pictures.flatMap((picture) => stored(`coloured/${picture.image_id}.png`, picture.file_key, picture.updated_at)),
      ];
      const body = zipStream(entries);
      body.on('error', (error) => logger.warn({ err: error }, 'data export stopped before its end'));
      return { body, fileName: exportFileName(user.username, now) };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
