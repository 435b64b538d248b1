import type { ComponentType } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { STATIC_REFERENCE_SETS } from '@eb/shared/reference/data';
import type { UserType } from '@eb/shared/roles';
import type { SearchDialogProps as SearchDialogPropsOf } from '../components/SearchPopup';
import { currentUserQuery } from '../entities/users/session';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../lib/query-client';
import { installFakeApi, reply, userOf, type FakeRoutes } from './fake-api';

type FakeApi = ReturnType<typeof installFakeApi>;

type SearchDialogProps = SearchDialogPropsOf<never>;

export const searchPopupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/**
 * The test set-up of a search popup: its fake server (the references and the resource's routes),
 * the popup rendered for a user type with spies for what it hands back, and its grid.
 */
export function searchPopupTestKit<P extends SearchDialogProps>(Dialog: ComponentType<P>, options: { routes: FakeRoutes; gridName: string }) {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  return {
    fakeServer: (overrides: FakeRoutes = {}) => installFakeApi({ 'GET /api/Reference/GetReferences': () => reply(200, STATIC_REFERENCE_SETS), ...options.routes, ...overrides }),
    renderDialog(props: Partial<P> = {}, userType: UserType = 'admin') {
      const queryClient = createQueryClient();
      queryClient.setQueryData(currentUserQuery().queryKey, userOf(userType));
      const onSelect = vi.fn();
      const onHide = vi.fn();
      const all = { visible: true, onHide, onSelect, ...props } as unknown as P;
      render(
        <AppProviders queryClient={queryClient}>
          <Dialog {...all} />
        </AppProviders>,
      );
      return { onSelect, onHide };
    },
    grid: () => screen.findByRole('table', { name: options.gridName }),
  };
}

type Kit<P extends SearchDialogProps> = ReturnType<typeof searchPopupTestKit<P>>;

/** One search popup's declaration as its shared behaviours read it. */
export interface SearchPopupCase<P extends SearchDialogProps> {
  /** its list call ('POST /api/businessentity/GetList'), the body it sends unfiltered, its order */
  list: { route: string; body: unknown; orderBy: string };
  /** a text of the first listed record, and the spec's columns */
  listed: { text: string; headers: string[] };
  /** what to type in the keyword box, and the list body it sends once typing pauses */
  keyword: { typed: string; body: unknown };
  /** the default buttons' names */
  buttons: { addNew: string; confirm: string };
  /** the button texts a caller gives, and the buttons they name */
  labels: { props: Partial<P>; shown: string[] };
  /** more that one popup's list shows (a code by its name...), or its keyword search does (sorting...) */
  moreListed?: (table: HTMLElement, api: FakeApi) => void;
  moreSearched?: (api: FakeApi) => Promise<void>;
  moreLabelled?: () => Promise<void>;
}

/** The behaviours both search popups share (spec 2 "Business Entity search popup", "Contact Search popup"), over one's declaration. */
export function itBehavesAsASearchPopup<P extends SearchDialogProps>(kit: Kit<P>, c: SearchPopupCase<P>) {
  it(`lists active records with the spec columns, 15 a page by ${c.list.orderBy}, the confirm button waiting for a choice`, async () => {
    // Prepare
    const api = kit.fakeServer();
    // Act
    kit.renderDialog();
    // Assess
    const table = await kit.grid();
    await within(table).findByText(c.listed.text);
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(c.listed.headers));
    const list = api.to(c.list.route)[0]!;
    expect(list.query.get('limit')).toBe('15');
    expect(list.query.get('orderBy')).toBe(c.list.orderBy);
    expect(list.body).toEqual(c.list.body);
    expect(screen.getByRole('button', { name: c.buttons.addNew })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: c.buttons.confirm })).toBeDisabled();
    c.moreListed?.(table, api);
  });

  it('searches by keyword once typing pauses', async () => {
    // Prepare
    const api = kit.fakeServer();
    const u = searchPopupUser();
    kit.renderDialog();
    await kit.grid();
    // Act
    await u.type(screen.getByRole('searchbox', { name: 'Keyword' }), c.keyword.typed);
    // Assess
    await waitFor(() => expect(api.to(c.list.route).at(-1)!.body).toEqual(c.keyword.body));
    // the loading waited for the pause: no request for a partial word
    expect(api.to(c.list.route).map((r) => (r.body as { keyword?: string }).keyword)).not.toContain(c.keyword.typed.slice(0, 2));
    await c.moreSearched?.(api);
  });

  it('uses the button texts it is given', async () => {
    // Prepare
    kit.fakeServer();
    // Act
    kit.renderDialog(c.labels.props);
    // Assess
    await kit.grid();
    for (const name of c.labels.shown) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    await c.moreLabelled?.();
  });

  it('offers no creation to a viewOnly user', async () => {
    // Prepare
    kit.fakeServer();
    // Act
    kit.renderDialog({}, 'viewOnly');
    // Assess
    await kit.grid();
    expect(screen.queryByRole('button', { name: c.buttons.addNew })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: c.buttons.confirm })).toBeInTheDocument();
  });
}
