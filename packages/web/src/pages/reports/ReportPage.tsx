import { useLocation } from 'react-router';
import LiveVehiclesPage from './LiveVehiclesPage';
import TeamConditionPage from './TeamConditionPage';
import TeamReportPage from './TeamReportPage';

/** The five layout-less report pages (spec section 2), by their address. */
export default function ReportPage() {
  switch (useLocation().pathname) {
    case '/conditional/index':
      return <TeamConditionPage daily={false} />;
    case '/dayConditional/index':
      return <TeamConditionPage daily />;
    case '/Information/index':
      return <TeamReportPage daily={false} />;
    case '/dayInformation/index':
      return <TeamReportPage daily />;
    default:
      return <LiveVehiclesPage />;
  }
}

/** The same pages inside the workspace, opened from the 报表中心 menu. */
export const TeamConditionsInWorkspace = () => <TeamConditionPage daily={false} embedded />;
export const DayConditionsInWorkspace = () => <TeamConditionPage daily embedded />;
export const LiveVehiclesInWorkspace = () => <LiveVehiclesPage embedded />;
