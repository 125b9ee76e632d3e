import { App, Dropdown, Tabs, type MenuProps } from 'antd';
import { CloseCircleOutlined, CloseOutlined, DownOutlined, MinusCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEnglish } from '@/i18n/useEnglish';
import { useSettings } from '@/app/session/settings-store';
import { useSession } from '@/app/session/session-store';
import { canCloseTab, tabHref, type Tab } from '@/app/session/tabs';
import { useTabs } from '@/app/session/tabs-store';

/** The tab strip: one tab per visited page, with the spec's closing rules and a More menu. */
export function TabStrip({ activeKey }: { activeKey: string }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const homeClosable = useSettings((s) => s.homeClosable);
  const setActiveMenu = useSession((s) => s.setActiveMenu);
  const { tabs, close, closeOthers, closeAll, refresh } = useTabs();

  const go = (href: string | null) => {
    if (href) navigate(href);
  };
  const closeKey = (key: string) => {
    if (!canCloseTab(tabs, key, { homeClosable })) {
      if (tabs.length <= 1) message.info(t('tabs.lastTab'));
      return;
    }
    go(close(key, activeKey, { homeClosable }));
  };
  const bulk = (key: string, target: string) => {
    if (key === 'closeOthers') {
      closeOthers(target);
      const kept = tabs.find((x) => x.value === target);
      if (kept && target !== activeKey) go(tabHref(kept));
    } else if (key === 'closeAll') {
      go(closeAll());
    } else if (key === 'refresh') {
      refresh(target);
    } else if (key === 'close') {
      closeKey(target);
    }
  };
  const contextItems = (tab: Tab): MenuProps['items'] => [
    { key: 'refresh', icon: <ReloadOutlined />, label: t('tabs.refresh') },
    { key: 'close', icon: <CloseOutlined />, label: t('tabs.close'), disabled: !canCloseTab(tabs, tab.value, { homeClosable }) },
    { type: 'divider' },
    { key: 'closeOthers', icon: <MinusCircleOutlined />, label: <span data-testid="tab-close-others">{t('tabs.closeOthers')}</span> },
    { key: 'closeAll', icon: <CloseCircleOutlined />, label: <span data-testid="tab-close-all">{t('tabs.closeAll')}</span> },
  ];

  const items = tabs.map((tab) => ({
    key: tab.value,
    closable: canCloseTab(tabs, tab.value, { homeClosable }),
    label: (
      <Dropdown
        trigger={['contextMenu']}
        menu={{
          items: contextItems(tab),
          // The menu renders in a portal, but React still bubbles its click to this tab's own
          // handler, which would select the tab right after 关闭全部 closed it.
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            bulk(key, tab.value);
          },
        }}
      >
        <span className="wb-tab-label" data-testid={`tab-${tab.value}`}>
          {english && tab.labelEn ? tab.labelEn : tab.label}
        </span>
      </Dropdown>
    ),
  }));

  return (
    <div className="wb-tabs" data-testid="tab-strip">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey}
        items={items}
        onChange={(key) => {
          const tab = tabs.find((x) => x.value === key);
          if (!tab) return;
          setActiveMenu(tab.menuId);
          navigate(tabHref(tab));
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') closeKey(key);
        }}
        tabBarExtraContent={{
          right: (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'closeOthers', label: <span data-testid="tab-more-close-others">{t('tabs.closeOthers')}</span> },
                  { key: 'closeAll', label: <span data-testid="tab-more-close-all">{t('tabs.closeAll')}</span> },
                ],
                onClick: ({ key }) => bulk(key, activeKey),
              }}
            >
              <button type="button" className="wb-tabs-more" data-testid="tab-more">
                {t('tabs.more')} <DownOutlined />
              </button>
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
