import type { ChatMenu } from '@app/contract/chat-menus';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiResponse, renderWithProviders, signInWith, stubFetch } from '../../test-utils.tsx';
import { ChatMenuPage } from './ChatMenuPage.tsx';

const entry = (id: number, name: string) => ({
  id,
  external_id: `m-${id}`,
  name,
  description: `About ${name}`,
  workflow_id: 7,
  workflow_name: 'Order status',
  action_id: 2,
  action_name: 'Run the workflow',
  company_id: 1,
  position: 1,
});
const menu = (id: number, name: string, children: string[] = []): ChatMenu => ({
  ...entry(id, name),
  children: children.map((child, index) => entry(id * 10 + index, child)),
});

function serve(menus: ChatMenu[]) {
  return stubFetch(async (url, init) => {
    if (init?.method === 'POST' && url === '/api/chats/menus')
      return apiResponse([], undefined, 'Chat menu created successfully', 201);
    if (init?.method === 'POST' && url === '/api/chats/configs')
      return apiResponse(
        { use_ai: false, use_bot: true, auto_reply: true, ai_type: 'internal', company_id: 1 },
        undefined,
        'Chat configuration saved successfully',
      );
    if (url.startsWith('/api/chats/menus/actions'))
      return apiResponse([
        { id: 1, action_code: 'REPLY', action_name: 'Reply with the description' },
        { id: 2, action_code: 'RUN_WORKFLOW', action_name: 'Run the workflow' },
      ]);
    if (url.startsWith('/api/chats/menus')) return apiResponse(menus, { total: menus.length });
    if (url.startsWith('/api/workflow/company'))
      return apiResponse([{ id: 7, workflow_name: 'Order status', status: true }], { total: 1 });
    if (url.startsWith('/api/chats/configs'))
      return apiResponse({
        use_ai: true,
        use_bot: false,
        auto_reply: true,
        ai_type: 'internal',
        company_id: 1,
      });
    return apiResponse(null);
  });
}

const renderPage = () => renderWithProviders(<ChatMenuPage />);

async function choose(dialog: HTMLElement, label: string, index: number, option: string) {
  const input = within(dialog).getAllByRole('combobox', { name: new RegExp(`^${label}`) })[index]!;
  fireEvent.click(input);
  // The options of this select only (a closed one's list may still be on its way out).
  const listbox = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error(`the options of ${label} did not open`);
    return found;
  });
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

const postOf = (fetchMock: ReturnType<typeof serve>, path: string) =>
  fetchMock.mock.calls.find(([url, init]) => url === path && init?.method === 'POST');

describe('ChatMenuPage', () => {
  it('lists menus with their children, numbered as the customer answers', async () => {
    signInWith(['chatmenu_read', 'message_read']);
    serve([menu(1, 'Orders', ['Order status'])]);
    renderPage();
    const card = await screen.findByTestId('chat-menu-card');
    expect(card).toHaveTextContent('1. Orders');
    expect(within(card).getByTestId('chat-menu-children-count')).toHaveTextContent('1 child menu');
    fireEvent.click(within(card).getByRole('button', { name: 'Show child menus of Orders' }));
    expect(within(card).getByTestId('chat-menu-child')).toHaveTextContent('1. Order status');
    // A reader has no Config Chat Menu and no delete; the bot switch shows but cannot change.
    expect(screen.queryByRole('button', { name: 'Config Chat Menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Orders' })).not.toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: /Use Bot Menu/ })).toBeDisabled();
  });

  it('shows the empty state', async () => {
    signInWith(['chatmenu_read']);
    serve([]);
    renderPage();
    expect(await screen.findByText('No chat menu found')).toBeInTheDocument();
  });

  it('without chatmenu_read shows the denial and asks for no menus', () => {
    signInWith([]);
    const fetchMock = serve([]);
    renderPage();
    expect(screen.getByText(/You don't have permission to view chat menus/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns the bot menu on, keeping the rest of the configuration', async () => {
    signInWith(['chatmenu_read', 'message_read', 'message_update']);
    const fetchMock = serve([menu(1, 'Orders')]);
    renderPage();
    const toggle = await screen.findByRole('switch', { name: /Use Bot Menu/ });
    await waitFor(() => expect(toggle).toBeEnabled());
    fireEvent.click(toggle);
    expect(await screen.findByText('Chat configuration saved successfully')).toBeInTheDocument();
    expect(JSON.parse(String(postOf(fetchMock, '/api/chats/configs')?.[1]?.body))).toEqual({
      use_ai: true,
      use_bot: true,
      auto_reply: true,
    });
  });

  it('refuses incomplete entries, then saves the Temporary Menu List', async () => {
    signInWith(['chatmenu_read', 'chatmenu_create']);
    const fetchMock = serve([]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Config Chat Menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Chat Menu' });
    expect(
      String(fetchMock.mock.calls.find(([url]) => url.startsWith('/api/workflow/company'))?.[0]),
    ).toContain('limit=50');

    // Nothing typed: both buttons ask for a menu name.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save All Menus' }));
    expect(await screen.findByText('Please fill at least one menu name')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add New Menu' }));
    expect(within(dialog).getByText('Enter menu name')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter description')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Workflow is required')).toHaveLength(1);
    expect(within(dialog).getByText('Action is required')).toBeInTheDocument();

    // A name but missing fields, and an empty child.
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Menu Name/ }), {
      target: { value: 'Orders' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Child Menu' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add New Menu' }));
    expect(await screen.findByText('Please fill all required fields correctly')).toBeInTheDocument();
    expect(within(dialog).getByText('Child menu name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();

    // Complete it: the menu and its child.
    const descriptions = within(dialog).getAllByRole('textbox', { name: /Description/ });
    fireEvent.change(descriptions[0]!, { target: { value: 'Everything about your orders' } });
    fireEvent.change(descriptions[1]!, { target: { value: 'Where is my order?' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Child Menu Name/ }), {
      target: { value: 'Order status' },
    });
    await choose(dialog, 'Workflow', 0, 'Order status');
    await choose(dialog, 'Action', 0, 'Reply with the description');
    await choose(dialog, 'Workflow', 1, 'Order status');
    await choose(dialog, 'Action', 1, 'Run the workflow');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add New Menu' }));
    const row = await within(dialog).findByTestId('temporary-menu-row');
    expect(row).toHaveTextContent('Orders');
    expect(row).toHaveTextContent('Order status');
    expect(within(dialog).getByRole('textbox', { name: /^Menu Name/ })).toHaveValue('');

    // Edited in place: back into the editor, then put back where it was, the editor empty again.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit Orders' }));
    expect(within(dialog).getByRole('textbox', { name: /^Menu Name/ })).toHaveValue('Orders');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Menu' }));
    expect(within(dialog).getAllByTestId('temporary-menu-row')).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: /^Menu Name/ })).toHaveValue('');
    expect(within(dialog).queryByTestId('child-menu-row')).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save All Menus' }));
    expect(await screen.findByText('Chat menu created successfully')).toBeInTheDocument();
    expect(JSON.parse(String(postOf(fetchMock, '/api/chats/menus')?.[1]?.body))).toEqual({
      menus: [
        {
          name: 'Orders',
          description: 'Everything about your orders',
          workflow_id: 7,
          action_id: 1,
          children: [
            { name: 'Order status', description: 'Where is my order?', workflow_id: 7, action_id: 2 },
          ],
        },
      ],
    });
  });
});
