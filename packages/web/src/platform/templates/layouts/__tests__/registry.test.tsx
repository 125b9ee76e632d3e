import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FORMAT_STYLE } from '@wb/protocol';
import { initI18n } from '@/i18n';
import { dialogWidthOf, LAYOUTS, layoutOf } from '../registry';

initI18n('zh-CN');
afterEach(cleanup);

const formParts = { fields: (columns: number) => <span>fields in {columns}</span>, childTable: <span>child table</span> };
const detailParts = { fields: (columns: number) => <span>record in {columns}</span>, rows: <span>rows</span>, tabs: <span>tabs</span> };

function Resource({ style }: { style: string }) {
  const Layout = layoutOf('resource', style);
  return (
    <Layout
      style={style}
      choiceTree={<span>choice tree</span>}
      choiceTable={(treeId) => <span>table of {treeId ?? 'all'}</span>}
      narrowingTree={(onNode) => <button onClick={() => onNode('n1')}>node n1</button>}
    />
  );
}

describe('one layout per format style', () => {
  it('has an entry for every style the templates name', () => {
    expect(Object.keys(LAYOUTS).sort()).toEqual(Object.values(FORMAT_STYLE).sort());
  });

  it('puts the tree beside a tree list and only the table in a plain one', () => {
    const Tree = layoutOf('list', FORMAT_STYLE.treeList);
    const Plain = layoutOf('list', FORMAT_STYLE.listBase);
    const { container, rerender } = render(<Tree style={FORMAT_STYLE.treeList} tree={<i>tree</i>} main={<b>table</b>} />);
    expect(container.textContent).toBe('treetable');
    rerender(<Plain style={FORMAT_STYLE.listBase} tree={<i>tree</i>} main={<b>table</b>} />);
    expect(container.textContent).toBe('table');
  });

  it('lays forms in four or eight columns, the master-child form above its child table', () => {
    const form = (style: string) => {
      const Layout = layoutOf('form', style);
      return render(<Layout style={style} {...formParts} />).container.textContent;
    };
    expect(form(FORMAT_STYLE.fourColumn)).toBe('fields in 4');
    expect(form(FORMAT_STYLE.eightColumn)).toBe('fields in 8');
    expect(form(FORMAT_STYLE.tab)).toBe('fields in 4');
    expect(form(FORMAT_STYLE.masterChild)).toBe('child table');
    const NoChildTable = layoutOf('form', FORMAT_STYLE.masterChild);
    expect(render(<NoChildTable style={FORMAT_STYLE.masterChild} fields={formParts.fields} />).container.textContent).toBe('fields in 8');
  });

  it('lays details as the record, the record above its rows, or tabs', () => {
    const detail = (style: string) => {
      const Layout = layoutOf('detail', style);
      return render(<Layout style={style} {...detailParts} />).container.textContent;
    };
    expect(detail(FORMAT_STYLE.fourColumn)).toBe('record in 4');
    expect(detail(FORMAT_STYLE.eightColumn)).toBe('record in 8');
    expect(detail(FORMAT_STYLE.masterChild)).toBe('record in 8rows');
    expect(detail(FORMAT_STYLE.tab)).toBe('tabs');
  });

  it('narrows the resource table by the tree beside it', () => {
    render(<Resource style={FORMAT_STYLE.resourceTreeQuery} />);
    expect(screen.getByText('table of all')).toBeTruthy();
    act(() => fireEvent.click(screen.getByText('node n1')));
    expect(screen.getByText('table of n1')).toBeTruthy();
    cleanup();
    expect(render(<Resource style={FORMAT_STYLE.resourceTree} />).container.textContent).toBe('choice tree');
    cleanup();
    expect(render(<Resource style={FORMAT_STYLE.resourceQuery} />).container.textContent).toBe('table of all');
  });

  it('says a popup style it does not know on the screen, while lists and forms keep their plain layout', () => {
    expect(render(<Resource style="FORMAT_SOMETHING_NEW" />).container.textContent).toBe('暂不支持的模板样式：FORMAT_SOMETHING_NEW');
    cleanup();
    const Detail = layoutOf('detail', FORMAT_STYLE.listBase);
    expect(render(<Detail style={FORMAT_STYLE.listBase} {...detailParts} />).container.textContent).toBe('暂不支持的模板样式：FORMAT_LIST_BASE');
    cleanup();
    const List = layoutOf('list', 'FORMAT_SOMETHING_NEW');
    expect(render(<List style="FORMAT_SOMETHING_NEW" tree={<i>tree</i>} main={<b>table</b>} />).container.textContent).toBe('table');
    cleanup();
    const Form = layoutOf('form', 'FORMAT_SOMETHING_NEW');
    expect(render(<Form style="FORMAT_SOMETHING_NEW" {...formParts} />).container.textContent).toBe('fields in 4');
    // an own property only: a style named like an object's built-in is unknown too
    expect(layoutOf('resource', 'constructor')).toBe(layoutOf('resource', 'FORMAT_SOMETHING_NEW'));
  });

  it('opens a four-column form at 60%, other forms at 80%, a resource tree at 35% and other popups at 75%', () => {
    expect(dialogWidthOf('form', FORMAT_STYLE.fourColumn)).toBe('60%');
    expect(dialogWidthOf('form', FORMAT_STYLE.masterChild)).toBe('80%');
    expect(dialogWidthOf('form', 'FORMAT_SOMETHING_NEW')).toBe('80%');
    expect(dialogWidthOf('resource', FORMAT_STYLE.resourceTree)).toBe('35%');
    expect(dialogWidthOf('resource', FORMAT_STYLE.resourceTreeQuery)).toBe('75%');
    expect(dialogWidthOf('resource', undefined)).toBe('75%');
  });
});
