import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PasswordInput } from './PasswordInput';

function Field() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="pw">Password</label>
      <PasswordInput inputId="pw" value={value} onChange={(e) => setValue(e.target.value)} />
    </>
  );
}

describe('PasswordInput', () => {
  it('hides what is typed until its button shows it, and hides it again', async () => {
    // Prepare
    const user = userEvent.setup();
    render(<Field />);
    const input = screen.getByLabelText('Password');
    await user.type(input, 'Secret#1');
    const hiddenType = input.getAttribute('type');
    // Act
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    const shownType = input.getAttribute('type');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    // Assess
    expect(hiddenType).toBe('password');
    expect(shownType).toBe('text');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveValue('Secret#1');
  });
});
