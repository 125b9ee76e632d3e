import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RootFrame } from './RootFrame';

// The declarative router: the data router would add ~25 kB gzip to the sign-in page for loaders
// and actions this app does not use (its data comes through TanStack Query).
const LoginPage = lazy(() => import('@/pages/login/LoginPage'));
const ForgetPasswordPage = lazy(() => import('@/pages/account/ForgetPasswordPage'));
const RegisterPage = lazy(() => import('@/pages/account/RegisterPage'));
const LockPage = lazy(() => import('@/pages/lock/LockPage'));
const Error401Page = lazy(() => import('@/pages/errors/Error401Page'));
const Error403Page = lazy(() => import('@/pages/errors/Error403Page'));
const Error404Page = lazy(() => import('@/pages/errors/Error404Page'));
const Error500Page = lazy(() => import('@/pages/errors/Error500Page'));
const ReportPage = lazy(() => import('@/pages/reports/ReportPage'));
const TicketPrintPage = lazy(() => import('@/pages/ticket-print/TicketPrintPage'));
const TicketCheckPage = lazy(() => import('@/pages/ticket-check/TicketCheckPage'));
const WorkspaceLayout = lazy(() => import('@/app/layout/WorkspaceLayout'));
const KioskPage = lazy(() => import('@/pages/quality/kiosk/KioskPage'));
const ReportEmbedPage = lazy(() => import('@/pages/report-embed/ReportEmbedPage'));
const PlantBoardPage = lazy(() => import('@/pages/plant-board/PlantBoardPage'));

/** The layout-less report pages (spec section 2): team report and daily report conditions and display, vehicles in the plant. */
const REPORT_PAGES = ['/conditional/index', '/Information/index', '/dayConditional/index', '/dayInformation/index', '/factoryvehicle/index'];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootFrame />}>
        <Route path="/login" element={<LoginPage />} />
        {/* the pro sign-in: the company named on the page and fixed once in (its name not clickable) */}
        <Route path="/pro/login" element={<LoginPage variant="pro" />} />
        <Route path="/forgetpwd" element={<ForgetPasswordPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/lock" element={<LockPage />} />
        <Route path="/401" element={<Error401Page />} />
        <Route path="/403" element={<Error403Page />} />
        <Route path="/404" element={<Error404Page />} />
        <Route path="/500" element={<Error500Page />} />
        {/* a weigh ticket's print page, paper-sized, opened in its own tab from the ticket lists */}
        <Route path="/weigh/print/:kind/:id" element={<TicketPrintPage />} />
        {/* 批量质检平台: the lab's kiosk, no workspace sign-in; its own key opens it */}
        <Route path="/viewWeigh" element={<KioskPage />} />
        {/* a printed ticket's QR code: its public check, no sign-in (the server checks the link's signature) */}
        <Route path="/check/:token" element={<TicketCheckPage />} />
        {/* a report embedded by frView's path: the report alone, with the admin marker and the org list */}
        <Route path="/report-embed/:code" element={<ReportEmbedPage />} />
        {/* 厂区大屏, the second home: full screen for a wall display, never a tab of the workspace */}
        <Route path="/clouds/index1" element={<PlantBoardPage />} />
        {REPORT_PAGES.map((path) => (
          <Route key={path} path={path} element={<ReportPage />} />
        ))}
        {/* '/' and '/clouds' lead home through the redirect rules. Every other address is a
            workspace page (fixed or from the menu); the layout resolves it. */}
        <Route path="*" element={<WorkspaceLayout />} />
      </Route>
    </Routes>
  );
}
