import { useEffect, useState } from 'react';
import { Button, Collapse, Space, Tag } from 'antd';
import { LeftOutlined, RightOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TransferPanel } from './TransferPanel';
import { checkedPeople, moveChecked, type TransferNode } from './tree-moves';
import {
  ADDRESS_LISTS, addToList, clearList, collapseList, emptyAddressLists, expandList, removeFromList, swapLists,
  type AddressListName, type AddressLists,
} from './address-lists';
import './tree-transfer.css';

export interface TreeTransferProps {
  mode?: 'transfer' | 'addressList';
  source: TransferNode[];
  target?: TransferNode[];
  /** titles of the two sides; default 源列表 and 目标列表 */
  titles?: [string, string];
  /** texts of the two buttons; default 添加 and 移除 */
  buttonTexts?: [string, string];
  filterable?: boolean;
  /** with defaultCheckedKeys: those nodes move to the target at once, and again when the keys change */
  defaultTransfer?: boolean;
  defaultCheckedKeys?: string[];
  width?: number | string;
  height?: number;
  onChange?(target: TransferNode[], source: TransferNode[]): void;
  onAddressChange?(lists: AddressLists): void;
}

/**
 * The tree transfer widget (spec sections 2 and 4): in transfer mode two checkable trees with add
 * and remove, enabled only while something is checked on their side; in addressList mode an
 * address book and the recipient, 抄送人 and 密送人 lists.
 */
export function TreeTransfer(props: TreeTransferProps) {
  const { mode = 'transfer', filterable = false, width = '100%', height = 320 } = props;
  const { t } = useTranslation();
  const [source, setSource] = useState(props.source);
  const [target, setTarget] = useState(props.target ?? []);
  const [sourceChecked, setSourceChecked] = useState<string[]>([]);
  const [targetChecked, setTargetChecked] = useState<string[]>([]);
  const [lists, setLists] = useState<AddressLists>(emptyAddressLists);
  const [expanded, setExpanded] = useState<AddressListName[]>(['to', 'cc']);
  const defaultKeys = (props.defaultCheckedKeys ?? []).join(',');

  const commit = (nextSource: TransferNode[], nextTarget: TransferNode[]) => {
    setSource(nextSource);
    setTarget(nextTarget);
    // checks are cleared after every move
    setSourceChecked([]);
    setTargetChecked([]);
    props.onChange?.(nextTarget, nextSource);
  };
  const add = () => {
    const moved = moveChecked(source, target, sourceChecked);
    commit(moved.from, moved.to);
  };
  const remove = () => {
    const moved = moveChecked(target, source, targetChecked);
    commit(moved.to, moved.from);
  };

  useEffect(() => {
    if (!props.defaultTransfer || !defaultKeys) return;
    const moved = moveChecked(source, target, defaultKeys.split(','));
    commit(moved.from, moved.to);
    // runs on mount and when the default keys change, as the spec has it, with the trees of that moment
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.defaultTransfer, defaultKeys]);

  const changeLists = (next: AddressLists) => {
    setLists(next);
    props.onAddressChange?.(next);
  };
  const addTo = (name: AddressListName) => {
    changeLists(addToList(lists, name, checkedPeople(source, sourceChecked)));
    setSourceChecked([]);
  };

  const [sourceTitle, targetTitle] = props.titles ?? [t('templateForm.transfer.source'), t('templateForm.transfer.target')];
  const [addText, removeText] = props.buttonTexts ?? [t('templateForm.transfer.add'), t('templateForm.transfer.remove')];

  if (mode === 'addressList') {
    const names: Record<AddressListName, string> = { to: t('templateForm.transfer.to'), cc: t('templateForm.transfer.cc'), bcc: t('templateForm.transfer.bcc') };
    return (
      <div className="wb-tree-transfer wb-tt-address" style={{ width, height }}>
        <TransferPanel title={sourceTitle} tree={source} checked={sourceChecked} onCheck={setSourceChecked} filterable={filterable} height={height} testId="tt-source" />
        <Collapse
          className="wb-tt-lists"
          size="small"
          activeKey={expanded}
          onChange={(keys) => {
            const wanted = (Array.isArray(keys) ? keys : [keys]).map(String) as AddressListName[];
            const opened = wanted.find((k) => !expanded.includes(k));
            const closed = expanded.find((k) => !wanted.includes(k));
            if (opened) setExpanded(expandList(expanded, opened));
            else if (closed) setExpanded(collapseList(expanded, closed));
          }}
          items={ADDRESS_LISTS.map((name, i) => ({
            key: name,
            label: `${names[name]} (${lists[name].length})`,
            extra: (
              <Space size={4} onClick={(e) => e.stopPropagation()}>
                <Button size="small" type="primary" disabled={sourceChecked.length === 0} onClick={() => addTo(name)}>{addText}</Button>
                {i > 0 && <Button size="small" icon={<SwapOutlined />} aria-label={t('templateForm.transfer.swap')} title={t('templateForm.transfer.swap')} onClick={() => changeLists(swapLists(lists, name, ADDRESS_LISTS[i - 1]))} />}
                <Button size="small" disabled={lists[name].length === 0} onClick={() => changeLists(clearList(lists, name))}>{t('templateForm.transfer.clear')}</Button>
              </Space>
            ),
            children: (
              <div className="wb-tt-entries" data-testid={`tt-${name}`}>
                {lists[name].map((e) => (
                  <Tag key={e.key} closable onClose={(ev) => { ev.preventDefault(); changeLists(removeFromList(lists, name, e.key)); }}>
                    {e.title}{e.email ? ` {${e.email}}` : ''}
                  </Tag>
                ))}
              </div>
            ),
          }))}
        />
      </div>
    );
  }

  return (
    <div className="wb-tree-transfer" style={{ width, height }}>
      <TransferPanel title={sourceTitle} tree={source} checked={sourceChecked} onCheck={setSourceChecked} filterable={filterable} height={height} testId="tt-source" />
      <div className="wb-tt-buttons">
        <Button type="primary" icon={<RightOutlined />} disabled={sourceChecked.length === 0} onClick={add}>{addText}</Button>
        <Button icon={<LeftOutlined />} disabled={targetChecked.length === 0} onClick={remove}>{removeText}</Button>
      </div>
      <TransferPanel title={targetTitle} tree={target} checked={targetChecked} onCheck={setTargetChecked} filterable={filterable} height={height} testId="tt-target" />
    </div>
  );
}
