import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@eb/shared/messages';
import { endpoint, request } from '../lib/api-client';
import { installFakeApi, reply } from '../test/fake-api';
import { useConfirm, type ConfirmOptions } from './confirm-context';
import { ConfirmProvider } from './ConfirmProvider';
import { NotificationProvider } from './NotificationProvider';
import { useNotify } from './notify-context';

function ConfirmProbe({ options, onResult }: { options: ConfirmOptions | string; onResult: (ok: boolean) => void }) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={() => void confirm(options).then(onResult)}>
      Delete
    </button>
  );
}

function NotifyProbe() {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify.success(MSG.allChangesSaved)}>
      Save
    </button>
  );
}

describe('Confirmation popup', () => {
  it.each([
    ['Yes', true],
    ['No', false],
  ] as const)('resolves %s as %s with the default buttons', async (button, expected) => {
    // Prepare
    const user = userEvent.setup();
    const onResult = vi.fn();
    render(
      <ConfirmProvider>
        <ConfirmProbe options={MSG.primaryContactDeleteConfirm} onResult={onResult} />
      </ConfirmProvider>,
    );
    // Act
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    // Assess
    expect(dialog).toHaveTextContent(MSG.primaryContactDeleteConfirm);
    // Act
    await user.click(screen.getByRole('button', { name: button }));
    // Assess
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(expected));
  });

  it('uses the labels it is given', async () => {
    // Prepare
    const user = userEvent.setup();
    const onResult = vi.fn();
    render(
      <ConfirmProvider>
        <ConfirmProbe options={{ message: 'Cancel the upload?', acceptLabel: 'Cancel upload', rejectLabel: 'Keep' }} onResult={onResult} />
      </ConfirmProvider>,
    );
    // Act
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    // Assess
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(true));
  });
});

describe('Notifications', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a notification asked for by a page', async () => {
    // Prepare
    const user = userEvent.setup();
    render(
      <NotificationProvider>
        <NotifyProbe />
      </NotificationProvider>,
    );
    // Act
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Assess
    expect(await screen.findByText(MSG.allChangesSaved)).toBeInTheDocument();
  });

  it('shows the text of a failed API call, and can be closed', async () => {
    // Prepare
    const user = userEvent.setup();
    installFakeApi({ 'GET /api/job': () => reply(409, { message: MSG.staleVersion }) });
    render(<NotificationProvider>{null}</NotificationProvider>);
    // Act
    await request(endpoint('GET', 'job', '')).catch(() => undefined);
    // Assess
    const toast = await screen.findByText(MSG.staleVersion);
    expect(toast).toBeInTheDocument();
    // Act
    await user.click(screen.getByRole('button', { name: /close/i }));
    // Assess
    await waitFor(() => expect(screen.queryByText(MSG.staleVersion)).not.toBeInTheDocument());
  });
});
