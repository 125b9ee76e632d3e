import { lazy, Suspense } from 'react';
import { Card, Col, Empty, Row, Tag } from 'antd';
import { BankOutlined, ClusterOutlined, IdcardOutlined, TagOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '@/app/hooks/useClientConfig';
import { useEnglish } from '@/i18n/useEnglish';
import { useNav } from '@/app/hooks/useNav';
import { useOpenLeaf } from '@/app/hooks/useOpenLeaf';
import { MenuIcon } from '@/app/layout/MenuIcon';
import { useSession } from '@/app/session/session-store';
import { flattenLeaves, menuLabel, shownMenu } from '@/platform/menu/menu-routes';
import { usePermissions } from '@/app/hooks/usePermissions';
import { PLANT_PERMISSIONS } from '@wb/protocol';
import { ChartSkeleton } from './ChartSkeleton';
import { dayPart } from './day-part';
import { PlantCounts } from './PlantCounts';
import { WorkflowHomeCounts } from '@/pages/workflow/HomeCounts';
import { AlertHomeCounts } from '@/pages/alert/HomeCounts';
import { AnnouncementCard } from './AnnouncementCard';
import { useRoleShortcuts } from './role-shortcuts';
import { plantNow } from '@/platform/plant-time';
import './home.css';

// ECharts is the largest library the web uses: it loads with the chart, after the counts have painted
const VehicleChart = lazy(() => import('./VehicleChart').then((m) => ({ default: m.VehicleChart })));

const SHORTCUTS = 8;

/** 首页: who is signed in, where, with which roles, and the first pages of their menu. */
export default function HomePage() {
  const { t } = useTranslation();
  const english = useEnglish();
  const user = useSession((s) => s.userInfo);
  const nav = useNav();
  const config = useClientConfig();
  const openLeaf = useOpenLeaf();
  const now = plantNow();
  // the pages set for the user's roles (系统管理 → 首页快捷入口); else each area's first page, at whatever depth of the area it stands
  const chosen = useRoleShortcuts(nav.menu, user?.currentOrg ?? null);
  const shortcuts = chosen.length ? chosen : shownMenu(nav.menu).flatMap((area) => flattenLeaves(area.children).slice(0, 1).map((leaf) => ({ area, leaf }))).slice(0, SHORTCUTS);
  // the roles by their names in the role archive; a code only where the server sent no name
  const roleNames = (user?.roles ?? []).map((code) => {
    const named = user?.roleNames?.find((r) => r.code === code);
    return { code, label: named ? (english && named.nameEn ? named.nameEn : named.name) : code };
  });
  // the plant's figures for those whose role reads them (报表中心 首页统计)
  const plant = usePermissions().can(PLANT_PERMISSIONS.home) && nav.loaded;

  return (
    <div className="wb-home" data-testid="home-page">
      <div className="wb-home-hero">
        <div>
          <h2>{t('home.greeting', { part: t(`home.${dayPart(now.hour())}`), name: user?.realName ?? '' })}</h2>
          <p>{now.format(english ? 'dddd, MMMM D, YYYY' : 'YYYY年M月D日 dddd')}</p>
        </div>
        <div className="wb-home-facts">
          <Fact icon={<BankOutlined />} label={t('home.company')} value={user?.currentOrgName ?? t('top.chooseCompany')} />
          <Fact icon={<ClusterOutlined />} label={t('home.group')} value={user?.currentGroupName ?? ''} />
          <Fact icon={<TagOutlined />} label={t('home.version')} value={nav.reply?.versionCode ?? config?.versionCode ?? ''} />
        </div>
      </div>
      {plant && <PlantCounts orgId={user?.currentOrg ?? null} />}
      <WorkflowHomeCounts menu={nav.menu} />
      <AlertHomeCounts menu={nav.menu} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          {plant && (
            <Suspense fallback={<ChartSkeleton />}>
              <VehicleChart orgId={user?.currentOrg ?? null} />
            </Suspense>
          )}
          <Card title={t('home.entries')} variant="borderless" className="wb-home-card">
            {shortcuts.length ? (
              <div className="wb-home-shortcuts">
                {shortcuts.map(({ area, leaf }) => (
                  <button type="button" key={leaf.id} className="wb-home-shortcut" onClick={() => openLeaf(leaf)} data-testid={`shortcut-${leaf.path}`}>
                    <span className="wb-home-shortcut-icon">
                      <MenuIcon name={area.icon ?? 'AppstoreOutlined'} />
                    </span>
                    <span className="wb-home-shortcut-text">
                      <strong>{menuLabel(leaf, english)}</strong>
                      <small>{menuLabel(area, english)}</small>
                    </span>
                  </button>
                ))}
              </div>
            ) : (
              <Empty description={t('home.noEntries')} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <AnnouncementCard orgId={user?.currentOrg ?? null} />
          <Card title={t('home.myCompanies')} variant="borderless" className="wb-home-card">
            <ul className="wb-home-orgs">
              {(user?.content.orgs ?? []).map((org) => (
                <li key={org.id}>
                  <BankOutlined /> <span>{org.orgName}</span> <small className="wb-muted">{org.orgCode}</small>
                  {org.id === user?.currentOrg && <Tag color="blue">{t('home.current')}</Tag>}
                </li>
              ))}
            </ul>
            <small className="wb-muted">{t('home.switchHint')}</small>
          </Card>
          <Card title={t('home.roles')} variant="borderless" className="wb-home-card wb-home-roles">
            <IdcardOutlined className="wb-muted" />{' '}
            {roleNames.map((r) => (
              <Tag key={r.code} data-testid={`home-role-${r.code}`}>{r.label}</Tag>
            ))}
          </Card>
        </Col>
      </Row>
    </div>
  );
}

function Fact({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <div className="wb-home-fact">
      <span className="wb-home-fact-icon">{icon}</span>
      <span>
        <small>{label}</small>
        <strong>{value}</strong>
      </span>
    </div>
  );
}
