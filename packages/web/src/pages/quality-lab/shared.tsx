import { useQuery } from '@tanstack/react-query';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { getLabSample, type LabSample } from './api';

export interface DialogProps { ctx: PageActionContext; onClose(): void }

/** The chosen sample as it stands now (never a cached copy: another person may have entered since). */
export function useLabSample(ctx: PageActionContext) {
  const id = ctx.selectedIds[0] as string;
  return useQuery({ queryKey: ['quality-lab-sample', id], queryFn: () => getLabSample(id), staleTime: 0, gcTime: 0 });
}

/** What the lab knows of a sample: its blind code, never a vendor, a ticket or a plate. */
export function SampleHeader({ sample }: { sample: LabSample | undefined }) {
  const { t } = useTranslation();
  const modes = t('qualityLab.modes', { returnObjects: true }) as Record<string, string>;
  return (
    <Descriptions size="small" bordered column={3} style={{ marginBottom: 12 }}
      items={[
        { key: 'code', label: t('qualityLab.blindCode'), children: <span data-testid="lab-blind-code">{sample?.blindCode ?? ''}</span> },
        { key: 'material', label: t('qualityLab.material'), children: sample?.materialName ?? '' },
        { key: 'format', label: t('qualityLab.format'), children: sample?.formatName ?? '' },
        { key: 'state', label: t('qualityLab.state'), children: <span data-testid="lab-state">{sample?.stateName ?? ''}</span> },
        { key: 'round', label: t('qualityLab.round'), children: sample?.round ?? '' },
        { key: 'mode', label: t('qualityLab.recheckMode'), children: sample ? modes[sample.recheckMode] ?? sample.recheckMode : '' },
      ]} />
  );
}
