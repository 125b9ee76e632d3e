import type { ComponentType } from 'react';
import {
  AccountBookOutlined, AppstoreOutlined, AuditOutlined, BarChartOutlined, BuildOutlined, CarOutlined, DatabaseOutlined,
  ExperimentOutlined, FileTextOutlined, HomeOutlined, QuestionCircleOutlined, RetweetOutlined, SafetyCertificateOutlined,
  SafetyOutlined, SettingOutlined, ShopOutlined, ShoppingCartOutlined, SwapOutlined, TeamOutlined, ToolOutlined, UserOutlined,
} from '@ant-design/icons';

/**
 * Menu icons are names stored with the menu. Only these are bundled (the whole icon set would
 * weigh megabytes); an unknown name shows the generic icon rather than nothing.
 */
const ICONS: Record<string, ComponentType> = {
  AccountBookOutlined, AppstoreOutlined, AuditOutlined, BarChartOutlined, BuildOutlined, CarOutlined, DatabaseOutlined,
  ExperimentOutlined, FileTextOutlined, HomeOutlined, QuestionCircleOutlined, RetweetOutlined, SafetyCertificateOutlined,
  SafetyOutlined, SettingOutlined, ShopOutlined, ShoppingCartOutlined, SwapOutlined, TeamOutlined, ToolOutlined, UserOutlined,
};

export function MenuIcon({ name }: { name: string | null }) {
  if (!name) return null;
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
