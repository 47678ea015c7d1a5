import { deleteAccountResponseSchema, type DeleteAccountRequest } from '@studio/contracts/account';
import { apiPaths } from '@studio/contracts/routes';
import { apiDownload, apiRequest, type DownloadedFile } from '../../../lib/api-client';

/** Deletes the signed-in account for good (decision 051); the server has ended its session when this resolves. */
export async function deleteAccount(input: DeleteAccountRequest): Promise<void> {
  await apiRequest(apiPaths.deleteAccount, { method: 'POST', body: input, auth: true, schema: deleteAccountResponseSchema });
}

/** The account's data as one ZIP: pages, photos, coloured pictures, orders, profile. */
export function downloadMyData(): Promise<DownloadedFile> {
  return apiDownload(apiPaths.exportData, { auth: true, fallbackName: 'coloring-studio-data.zip' });
}
