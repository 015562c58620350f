import { useSearchParams } from 'react-router';

/** The numeric `id` query parameter (product.md, Validation: must be numeric), or null. */
export function useIdParam(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('id');
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
