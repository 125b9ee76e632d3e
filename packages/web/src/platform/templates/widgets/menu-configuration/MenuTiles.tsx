import { Empty } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useEnglish } from '@/i18n/useEnglish';
import { tileGroups } from './menu-tiles';
import './menu-configuration.css';

/** A menu configuration table's rows as the home page will show them: per role, its pages in order. */
export function MenuTiles({ rows }: { rows: readonly Record<string, unknown>[] }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const groups = tileGroups(rows);
  return (
    <div className="wb-menu-config" data-testid="menu-configuration">
      {groups.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('menuConfiguration.empty')} />}
      {groups.map((g) => (
        <section key={g.key} className="wb-menu-config-group" data-testid={`menu-configuration-${g.label}`}>
          <h4>{english && g.labelEn ? g.labelEn : g.label}</h4>
          <div className="wb-menu-config-tiles">
            {g.tiles.map((tile) => (
              <span key={tile.key} className="wb-menu-config-tile" title={tile.path}>
                <AppstoreOutlined /> {english && tile.nameEn ? tile.nameEn : tile.name}
              </span>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
