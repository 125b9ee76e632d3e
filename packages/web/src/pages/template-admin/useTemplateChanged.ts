import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/**
 * After a save, every screen built from templates reads them again: the server serves the edit at
 * once, and an open list tab should not keep the copy it read before.
 */
export function useTemplateChanged(): () => void {
  const client = useQueryClient();
  return useCallback(() => {
    for (const key of ['menu-template', 'form-template', 'resource-template']) void client.invalidateQueries({ queryKey: [key] });
    void client.invalidateQueries({ queryKey: ['template-admin'] });
  }, [client]);
}
