import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MSG } from '@eb/shared/messages';
import { DateInput } from './DateInput';

function Field({ initial = null, onValue, onValid }: { initial?: string | null; onValue?: (v: string | null) => void; onValid?: (ok: boolean) => void }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <DateInput
        aria-label="Start date"
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue?.(v);
        }}
        onValidityChange={onValid}
      />
      <output aria-label="Value">{value ?? 'none'}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

const setup = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const input = () => screen.getByRole('textbox', { name: 'Start date' });

describe('DateInput', { timeout: 20_000 }, () => {
  it('shows a transfer date as MM/dd/yyyy', () => {
    // Prepare / Act
    render(<Field initial="2024-02-05T00:00:00" />);
    // Assess
    expect(input()).toHaveValue('02/05/2024');
  });

  it.each([
    ['2/5/2024', '2024-02-05T00:00:00', '02/05/2024'],
    ['02/05/2024', '2024-02-05T00:00:00', '02/05/2024'],
    ['12/31/1999', '1999-12-31T00:00:00', '12/31/1999'],
  ])('accepts %s (m/d/Y) as %s and shows it as %s', async (typed, transfer, shown) => {
    // Prepare
    const user = setup();
    const onValue = vi.fn();
    render(<Field onValue={onValue} />);
    // Act
    await user.type(input(), typed);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    // Assess
    expect(onValue).toHaveBeenLastCalledWith(transfer);
    expect(input()).toHaveValue(shown);
    expect(screen.queryByText(MSG.invalidDate)).not.toBeInTheDocument();
  });

  it.each([
    ['a day that does not exist', '4/31/2024'],
    ['a month that does not exist', '13/1/2024'],
    ['29 February of a common year', '2/29/2023'],
    ['29 February of a century not divisible by 400', '2/29/1900'],
    ['an incomplete date', '2/5/24'],
  ])("shows 'Invalid date' for %s (%s)", async (_case, typed) => {
    // Prepare
    const user = setup();
    const onValue = vi.fn();
    const onValid = vi.fn();
    render(<Field onValue={onValue} onValid={onValid} />);
    // Act
    await user.type(input(), typed);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    // Assess
    expect(screen.getByText(MSG.invalidDate)).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAccessibleDescription(MSG.invalidDate);
    expect(screen.getByLabelText('Value')).toHaveTextContent('none');
    expect(onValid).toHaveBeenLastCalledWith(false);
  });

  it.each([
    ['a leap year', '2/29/2024', '2024-02-29T00:00:00'],
    ['a century divisible by 400', '2/29/2000', '2000-02-29T00:00:00'],
  ])('accepts 29 February of %s', async (_case, typed, transfer) => {
    // Prepare
    const user = setup();
    render(<Field />);
    // Act
    await user.type(input(), typed);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    // Assess
    expect(screen.getByLabelText('Value')).toHaveTextContent(transfer);
    expect(screen.queryByText(MSG.invalidDate)).not.toBeInTheDocument();
  });

  it('does not complain before the field is left', async () => {
    // Prepare
    const user = setup();
    render(<Field />);
    // Act
    await user.type(input(), '2/3');
    // Assess
    expect(screen.queryByText(MSG.invalidDate)).not.toBeInTheDocument();
  });

  it('only lets digits and slashes be typed', async () => {
    // Prepare
    const user = setup();
    render(<Field />);
    // Act
    await user.type(input(), '1a/2b/2024');
    // Assess
    expect(input()).toHaveValue('1/2/2024');
  });

  it('reports null when the text is emptied, without an error', async () => {
    // Prepare
    const user = setup();
    const onValue = vi.fn();
    render(<Field initial="2024-02-05T00:00:00" onValue={onValue} />);
    // Act
    await user.clear(input());
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    // Assess
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(screen.queryByText(MSG.invalidDate)).not.toBeInTheDocument();
  });

  it('takes a day picked in the calendar popup', async () => {
    // Prepare
    const user = setup();
    const onValue = vi.fn();
    render(<Field initial="2024-02-05T00:00:00" onValue={onValue} />);
    // Act
    const opener = screen.getByRole('button', { name: 'Choose Start date from a calendar' });
    await user.click(opener);
    // the popup has shown (its entering transition over), as a user sees it before picking a day
    await waitFor(() => expect(opener).toHaveAttribute('aria-expanded', 'true'));
    const day = await screen.findByText('14', { selector: '[data-pc-section="daylabel"]' });
    await user.click(day);
    // Assess
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('2024-02-14T00:00:00'));
    expect(input()).toHaveValue('02/14/2024');
  });
});
