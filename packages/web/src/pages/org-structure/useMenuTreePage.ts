import { useQuery } from '@tanstack/react-query';
import { usePage } from '@/app/layout/page-context';
import { usePermissions } from '@/app/hooks/usePermissions';
import { fetchDetailTemplate, fetchMenuTemplate } from '@/platform/templates/api';

/** The menu's LIST template (routes of the family and its tree), its detail template and the buttons the user holds. */
export function useMenuTreePage() {
  const { page } = usePage();
  const { buttonsOf } = usePermissions();
  const menuId = page.menuId ?? '';
  const template = useQuery({ queryKey: ['menu-template', 'LIST', menuId], queryFn: () => fetchMenuTemplate(menuId, 'LIST'), enabled: Boolean(menuId), staleTime: 60_000 });
  const detailId = template.data?.detail_id ?? null;
  const detail = useQuery({ queryKey: ['detail-template', detailId], queryFn: () => fetchDetailTemplate(detailId as string), enabled: Boolean(detailId), staleTime: 60_000 });
  return { menuId, template, detail: detail.data ?? null, buttons: buttonsOf(menuId) };
}
