import { useQuery } from '@tanstack/react-query';
import { fetchAdminFormat } from './api';

/** One format with its fields and versions, read fresh after every save (useTemplateChanged). */
export function useAdminFormat(id: string | null) {
  return useQuery({
    queryKey: ['template-admin', 'format', id],
    queryFn: () => fetchAdminFormat(id as string),
    enabled: Boolean(id),
  });
}
