import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { fetchCompanyBrand, logoUrl } from './branding-api';
import './branding.css';

/** The brand of a company (null: the default company), read once a minute at most. */
export function useCompanyBrand(orgId: string | null) {
  return useQuery({ queryKey: ['company-brand', orgId], queryFn: () => fetchCompanyBrand(orgId), staleTime: 60_000, retry: false });
}

/**
 * A company's logo from the server (spec: GET imgView/{name}): the main one, or the small one
 * (a collapsed sidebar); `fallback` (the platform's own mark) when the company has none.
 */
export function CompanyLogo({ orgId, small = false, height, maxWidth, fallback }: {
  orgId: string | null; small?: boolean; height: number; maxWidth?: number; fallback: ReactNode;
}) {
  const { data: brand } = useCompanyBrand(orgId);
  const name = small ? (brand?.logoSmall ?? brand?.logoMain) : (brand?.logoMain ?? brand?.logoSmall);
  if (!name) return <>{fallback}</>;
  return <img className="wb-company-logo" src={logoUrl(name)} alt={brand?.orgName ?? ''} style={{ height, maxWidth: maxWidth ?? (small ? height : height * 4) }} data-testid="company-logo" data-logo={name} />;
}
