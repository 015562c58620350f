import type { DeleteAccountInput } from '@folio/core';
import { apiJson, apiRequest } from '../../../lib/api-client.ts';

/** Downloads GET /api/account/export and hands it to the browser as a file. */
export async function downloadMyData(): Promise<string> {
  const res = await apiRequest('GET', '/api/account/export');
  const blob = await res.blob();
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'folio-data.zip';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export const deleteMyAccount = (input: DeleteAccountInput) =>
  apiJson<{ message: string }>('DELETE', '/api/account', input);
