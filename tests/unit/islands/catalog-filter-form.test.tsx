// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import FilterForm from '../../../src/islands/catalog/filter-form.tsx';

// The filter page's form (the boxes and ranges are server-rendered children): ticking a box or
// changing the sort applies at once; typed ranges wait for the apply button; a tick made before
// the island hydrated applies when it does.

const fields = (
  <>
    <label>
      <input type="checkbox" name="package" value="0603" />
      0603
    </label>
    <input name="p.resistance" aria-label="最小电阻" />
    <select name="sort" aria-label="排序" data-autosubmit defaultValue="relevance">
      <option value="relevance">相关度</option>
      <option value="mpn">型号</option>
    </select>
    <select name="other" aria-label="其他" defaultValue="a">
      <option value="a">a</option>
      <option value="b">b</option>
    </select>
    <button type="submit">筛选</button>
  </>
);

let submits: HTMLFormElement[];
beforeEach(() => {
  submits = [];
  vi.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(function (this: HTMLFormElement) {
    submits.push(this);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('filter form', () => {
  it('renders a GET form that works without JavaScript', () => {
    const html = renderToString(<FilterForm action="/filterPage/55001/x">{fields}</FilterForm>);
    const form = /<form[^>]*>/.exec(html)![0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/filterPage/55001/x"');
    expect(form.toLowerCase()).toContain('autocomplete="off"'); // Back shows the URL's filters, not restored ticks
    expect(html).toContain('data-testid="filter-form"');
  });

  it('a tick or an autosubmit select applies at once; a typed range and other selects wait', async () => {
    const user = userEvent.setup();
    render(<FilterForm action="/filterPage/55001/x">{fields}</FilterForm>);
    const form = screen.getByTestId('filter-form');
    await user.type(screen.getByLabelText('最小电阻'), '4k7');
    await user.tab(); // a text field's change fires on leaving it
    await user.selectOptions(screen.getByLabelText('其他'), 'b');
    expect(submits).toEqual([]);
    await user.click(screen.getByLabelText('0603'));
    expect(submits).toEqual([form]);
    await user.selectOptions(screen.getByLabelText('排序'), 'mpn');
    expect(submits).toEqual([form, form]);
  });

  it('a box ticked before the island hydrated applies once it does', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<FilterForm action="/filterPage/55001/x">{fields}</FilterForm>);
    document.body.append(container);
    fireEvent.click(container.querySelector('input[type="checkbox"]')!); // no island yet: nothing happens
    expect(submits).toEqual([]);
    await act(async () => {
      hydrateRoot(container, <FilterForm action="/filterPage/55001/x">{fields}</FilterForm>);
    });
    expect(submits).toHaveLength(1);
  });

  it('hydrating an untouched form submits nothing', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<FilterForm action="/filterPage/55001/x">{fields}</FilterForm>);
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <FilterForm action="/filterPage/55001/x">{fields}</FilterForm>);
    });
    expect(submits).toEqual([]);
  });
});
