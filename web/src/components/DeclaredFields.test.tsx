import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { DeclaredFields } from './DeclaredFields';
import type { DeclaredSection } from './declared-fields';

type F = 'number' | 'term' | 'validated' | 'country';
const SECTIONS: DeclaredSection<F>[] = [
  {
    key: 'main',
    title: 'Main',
    fields: [
      { field: 'number', kind: 'number', maxLength: 4, label: 'Amendment #' },
      { field: 'term', kind: 'number', maxLength: 3, suggestions: ['6', '12', '18', '24', '36'], label: 'Term' },
      { field: 'validated', kind: 'check', label: 'Pricing Validated' },
      { field: 'country', kind: 'display', label: 'Choice of Law Country' },
    ],
  },
];

function Form(props: { disabled?: boolean }) {
  const [values, setValues] = useState<Record<string, unknown>>({ number: '', term: '', validated: false });
  return (
    <DeclaredFields<F>
      sections={SECTIONS}
      values={values}
      set={(f, v) => setValues((x) => ({ ...x, [f]: v }))}
      touch={() => undefined}
      messageOf={(f) => (f === 'number' && String(values.number).length > 4 ? 'Field should contain 4 or less characters' : undefined)}
      shownOf={(f) => (f === 'country' ? 'USA' : f === 'validated' && values.validated ? 'Ada Admin, 11/26/2026' : null)}
      required={new Set()}
      disabled={props.disabled ?? false}
      idPrefix="t"
      optionsOf={() => []}
    />
  );
}

describe('DeclaredFields: the kinds issue 28 added', () => {
  it('keeps a fifth digit with the length text, offers the term suggestions, stamps a ticked flag and shows a read-only value', () => {
    render(<Form />);
    const number = screen.getByLabelText('Amendment #') as HTMLInputElement;
    fireEvent.change(number, { target: { value: '12345' } });
    expect(number.value).toBe('12345');
    expect(number.maxLength).toBe(-1);
    expect(screen.getByText('Field should contain 4 or less characters')).toBeTruthy();
    const term = screen.getByLabelText('Term') as HTMLInputElement;
    expect([...(term.list?.options ?? [])].map((o) => o.value)).toEqual(['6', '12', '18', '24', '36']);
    expect(screen.queryByText('Ada Admin, 11/26/2026')).toBeNull();
    fireEvent.click(screen.getByLabelText('Pricing Validated'));
    expect(screen.getByText('Ada Admin, 11/26/2026')).toBeTruthy();
    const country = screen.getByLabelText('Choice of Law Country') as HTMLInputElement;
    expect([country.value, country.readOnly]).toEqual(['USA', true]);
  });

  it('leaves the flags read-only when the form is (agents)', () => {
    render(<Form disabled />);
    fireEvent.click(screen.getByLabelText('Pricing Validated'));
    expect(screen.queryByText('Ada Admin, 11/26/2026')).toBeNull();
  });
});
