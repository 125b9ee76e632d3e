import type { Messages } from './zh-CN';
import { brandingEn } from '@/platform/branding/i18n';
import { templateFormEn } from '@/platform/templates/form/i18n';
import { ticketDialogsEn } from '@/pages/ticket-dialogs/i18n';
import { contractDialogsEn } from '@/pages/contract-dialogs/i18n';
import { qualityLabEn } from '@/pages/quality-lab/i18n';
import { kioskEn } from '@/pages/quality/kiosk/i18n';
import { reportCentreEn } from '@/pages/report-centre/i18n';
import { freightPlanEn } from '@/pages/freight-plan/i18n';
import { settlementDialogsEn } from '@/pages/settlement-dialogs/i18n';

export const enUS: Messages = {
  app: { title: 'Unified Weighbridge Control Platform', short: 'Weighbridge Control', subtitle: 'Truck-scale weighing, logistics, settlement and assay in one place' },
  common: {
    ok: 'OK', cancel: 'Cancel', confirm: 'Confirm', tip: 'Notice', back: 'Back', backHome: 'Back to home', loading: 'Loading',
    search: 'Search', reset: 'Reset', total: '{{total}} in total', empty: 'No data',
  },
  nav: { menuFailed: 'The menu could not be loaded', retry: 'Reload', home: 'Home', editpwd: 'Change password', templateFree: 'No template', iframe: 'External page', log: 'Operation log' },
  login: {
    proNoCompany: 'The company of this sign-in page was not found; use the ordinary sign-in page',
    welcome: 'Sign in', username: 'User name', password: 'Password', captcha: 'Captcha', captchaTitle: 'Hard to read? Click for a new one',
    submit: 'Sign in', submitting: 'Signing in…', oidc: 'Sign in with unified identity', or: 'or',
    usernameRequired: 'Enter your user name', passwordRequired: 'Enter your password', captchaRequired: 'Enter the captcha',
    forgot: 'Forgot password', register: 'Request an account',
    expired: 'Your login expired after a long inactivity; please sign in again', relogin: 'Your session is no longer valid; sign in again',
    oidcWorking: 'Signing in with unified identity…', oidcFailed: 'Unified identity sign-in failed; please sign in again',
    features: [
      'Purchase, sales, allot, transfer and production weighing',
      'Gate registration, site confirmation and IC cards',
      'Contracts, freight, settlement and assay in one loop',
    ],
  },
  forgetpwd: { title: 'Forgot password', text: 'Passwords are reset by the system administrator. Ask your administrator for a reset; you will change it at the next sign-in.' },
  register: { title: 'Request an account', text: 'Accounts, companies and roles are granted by the system administrator. Ask your administrator for an account.' },
  lock: {
    title: 'Screen locked', hint: 'Enter your password to unlock', password: 'Password', unlock: 'Unlock', signOut: 'Sign out',
    required: 'Enter your password', wrong: 'Wrong password, try again',
  },
  top: {
    collapse: 'Collapse menu', expand: 'Expand menu', search: 'Search the menu', noMatch: 'No matching menu', chooseCompany: 'Choose a company',
    theme: 'Theme', themes: { 'theme-white': 'Default', 'theme-dark': 'Dark', 'theme-light': 'Light' },
    color: 'Theme colour', lock: 'Lock screen', lockConfirm: 'This will lock the screen; enter your password again to unlock. Continue?', refresh: 'Refresh page',
    fullscreen: 'Full screen', exitFullscreen: 'Exit full screen', language: 'Language', settings: 'Settings',
    changePassword: 'Change password', logout: 'Sign out', logoutConfirm: 'Sign out of the system. Continue?', log: 'Error log', company: 'Company',
  },
  company: {
    title: 'Choose organisation', orgCode: 'Code', orgName: 'Organisation', current: 'Current', search: 'Organisation name',
    atLeastOne: 'Select at least one row!', atMostOne: 'Select at most one row!', same: 'This is already the current company!',
    switched: 'Switched to {{name}}',
  },
  settings: {
    title: 'Copyright info', version: 'Version', layout: 'Layout', showTags: 'Tabs', showLog: 'Error log', showTheme: 'Theme switch',
    showColor: 'Theme colour', showFullscreen: 'Full screen', showLock: 'Lock screen', showSearch: 'Menu search',
    showCollapse: 'Menu collapse', showTopMenu: 'Top menu', rowHighlight: 'Highlight selected row', homeClosable: 'Home tab closable',
  },
  tabs: { more: 'More', closeOthers: 'Close others', closeAll: 'Close all', close: 'Close', refresh: 'Refresh', lastTab: 'The last tab cannot be closed' },
  editpwd: {
    title: 'Change password', old: 'Current password', new: 'New password', confirm: 'Confirm new password', submit: 'Save',
    oldRequired: 'Enter the current password', newRequired: 'Enter a new password', confirmRequired: 'Enter the new password again',
    mismatch: 'The two new passwords differ', same: 'The new password must differ from the current one', success: 'Password changed',
    forced: 'You are using an initial or too simple password. Please change it first.',
    rules: '8-64 characters, at least three of: upper case, lower case, digits, symbols; not containing the user name.',
  },
  errors: {
    401: { title: '401', text: 'Sorry, you need to sign in to see this page' },
    403: { title: '403', text: 'Sorry, you have no permission to see this page' },
    404: { title: '404', text: 'Sorry, the page you visited does not exist' },
    500: { title: '500', text: 'Sorry, the server ran into an error' },
  },
  templateFree: {
    title: 'No template configured', text: 'No template is configured for "{{name}}" yet. Ask an administrator to bind one to this menu.',
    loadFailed: 'The page failed to load',
  },
  home: {
    greeting: 'Good {{part}}, {{name}}', morning: 'morning', afternoon: 'afternoon', evening: 'evening',
    company: 'Company', group: 'Group', roles: 'Roles', version: 'Version', entries: 'Shortcuts', myCompanies: 'My companies',
    noEntries: 'No menus for your role yet', current: 'Current', switchHint: 'Click the company name at the top to switch',
  },
  clientLog: { title: 'Error log', empty: 'No errors logged', clear: 'Clear', time: 'Time', type: 'Type', url: 'Address', message: 'Message' },
  report: { notConfigured: 'This report is not configured yet', text: '"{{name}}" will show here once the report centre configures it.' },
  iframe: { missing: 'The page address is missing', open: 'Open in a new window' },
  templateForm: templateFormEn,
  ticketDialogs: ticketDialogsEn,
  brand: brandingEn,
  contractDialogs: contractDialogsEn,
  qualityLab: qualityLabEn,
  kiosk: kioskEn,
  reportCentre: reportCentreEn,
  freightPlan: freightPlanEn,
  settlementDialogs: settlementDialogsEn,
  dataSource: { pickOne: 'Choose one data source' },
  announcement: {
    board: 'Announcements', empty: 'No announcements', pinned: 'Pinned', window: 'Shown {{from}} to {{to}}', unread: '{{count}} unread',
    level: { NORMAL: 'Normal', IMPORTANT: 'Important', URGENT: 'Urgent' },
  },
  menuConfiguration: {
    empty: 'Not set: the home page shows the first page of each menu folder', title: 'Choose home shortcuts', role: 'Role', pages: 'Pages', chooseRole: 'Choose a role',
    hint: 'The pages ticked show on the home page of the role\'s people, in the order ticked', count: '{{count}} of at most {{most}} chosen', save: 'Save', setUp: 'Set up',
  },
  listScreen: {
    search: 'Search', reset: 'Reset', expand: 'Expand', collapse: 'Collapse', advanced: 'Advanced search', more: 'More',
    quickSearch: 'Search {{fields}}', quickSearchAny: 'Keyword', treeFilter: 'Type to filter', totalRow: 'Total', estimated: 'approx.',
    yes: 'Yes', no: 'No', like: 'Contains', eq: 'Equals', from: 'From', to: 'To',
    selected: '{{count}} selected', clearSelection: 'Clear selection', done: 'Done', doneCount: 'Done ({{count}} rows)',
    importTitle: 'Import', importHint: 'Click or drop an .xlsx file here', importTemplate: 'Download the import template', importDone: '{{count}} rows imported',
    importRejected: 'The file has these errors; nothing was imported:', row: 'Row', field: 'Field', problem: 'Problem',
    allocateTitle: 'Allocate to companies', cancelAllocateTitle: 'Cancel allocation', chooseOrgs: 'Choose companies',
    loading: 'Loading', atLeastOneResource: 'Choose at least one row', noResource: 'No popup resource template is configured for this field', warmTip: 'Notice',
    detailNoRoute: "Check the detail template's list request method and list request route", atLeastOne: 'Choose at least one row', unknownStyle: 'Unsupported template style: {{style}}', unknownAction: 'Unsupported button action: {{action}}',
  },
};
