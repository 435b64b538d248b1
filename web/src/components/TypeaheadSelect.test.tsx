import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TYPEAHEAD_LIMIT } from '@eb/shared/constants';
import { loadAutoComplete, resetAutoCompleteLoad, TypeaheadSelect, type TypeaheadOption, type TypeaheadSelectProps } from './TypeaheadSelect';

const states: TypeaheadOption<string>[] = [
  { label: 'New Jersey', value: 'NJ' },
  { label: 'New York', value: 'NY' },
  { label: 'Nevada', value: 'NV' },
  { label: 'Ohio', value: 'OH' },
  { label: 'Pennsylvania', value: 'PA' },
];

/** A form field keeping the chosen value, as a page would. */
function Field(props: Partial<TypeaheadSelectProps<string>> & { onValue?: (v: string | null) => void; initial?: string | null }) {
  const { onValue, initial = null, ...rest } = props;
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <TypeaheadSelect<string>
        aria-label="State"
        options={states}
        {...rest}
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue?.(v);
        }}
      />
      <output aria-label="Chosen">{value ?? 'none'}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

const setup = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const input = () => screen.getByRole('combobox', { name: 'State' });
// jsdom has no layout: PrimeReact's overlay alignment leaves the list panel 'display: none', so the
// list is queried including hidden elements.
const optionNames = () => screen.queryAllByRole('option', { hidden: true }).map((o) => o.textContent);
const listbox = () => screen.queryByRole('listbox', { hidden: true });

describe('TypeaheadSelect', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers(); // a test that failed on fake timers leaves the next ones the real clock
  });

  it('filters the options by prefix, ignoring case', async () => {
    // Prepare
    const user = setup();
    render(<Field />);
    // Act
    await user.type(input(), 'ne');
    // Assess
    await waitFor(() => expect(optionNames()).toEqual(['New Jersey', 'New York', 'Nevada']));
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('none');
  });

  it('does not match inside a label (prefix only)', async () => {
    // Prepare
    const user = setup();
    render(<Field />);
    // Act
    await user.type(input(), 'yo');
    // Assess
    await waitFor(() => expect(listbox()).not.toBeInTheDocument());
    expect(optionNames()).toEqual([]);
  });

  it('chooses the single matching option by itself', async () => {
    // Prepare
    const user = setup();
    const onValue = vi.fn();
    render(<Field onValue={onValue} />);
    // Act
    await user.type(input(), 'new y');
    // Assess
    await waitFor(() => expect(onValue).toHaveBeenCalledWith('NY'));
    expect(input()).toHaveValue('New York');
    expect(listbox()).not.toBeInTheDocument();
  });

  it('keeps typing over the rest of an automatic choice (typing Mob shows Mobile, not Mobileob)', async () => {
    // Prepare
    const user = setup();
    const onValue = vi.fn();
    const phoneTypes = [
      { label: 'Mobile', value: 'M' },
      { label: 'Home', value: 'H' },
      { label: 'Work', value: 'W' },
    ];
    render(<Field onValue={onValue} options={phoneTypes} />);
    await user.type(input(), 'M');
    await waitFor(() => expect(onValue).toHaveBeenCalledWith('M'));
    expect(input()).toHaveValue('Mobile');
    // Act: the next keystrokes replace the selected, untyped rest of the label
    await user.keyboard('ob');
    // Assess (before leaving the field)
    await waitFor(() => expect(input()).toHaveValue('Mobile'));
    expect(input()).toHaveFocus();
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('M');
  });

  it('does not choose again while the user deletes text', async () => {
    // Prepare
    const user = setup();
    const onValue = vi.fn();
    render(<Field onValue={onValue} initial="OH" />);
    expect(input()).toHaveValue('Ohio');
    // Act
    await user.type(input(), '{Backspace}');
    // Assess
    await new Promise((r) => setTimeout(r, 50));
    expect(input()).toHaveValue('Ohi');
    expect(onValue).not.toHaveBeenCalled();
  });

  it('ignores keystrokes that do not match the pattern', async () => {
    // Prepare
    const user = setup();
    render(<Field pattern={/[a-z ]/i} options={states} />);
    // Act
    await user.type(input(), 'N3e#');
    // Assess
    expect(input()).toHaveValue('Ne');
  });

  it('drops pasted characters that do not match the pattern', async () => {
    // Prepare
    const user = setup();
    render(<Field pattern={/[a-z ]/i} />);
    // Act
    await user.click(input());
    await user.paste('N1e');
    // Assess
    expect(input()).toHaveValue('Ne');
  });

  it('chooses with the keyboard: arrows, then Enter', async () => {
    // Prepare
    const user = setup();
    const onValue = vi.fn();
    render(<Field onValue={onValue} />);
    await user.type(input(), 'ne');
    await waitFor(() => expect(listbox()).toBeInTheDocument());
    // Act (PrimeReact reads the legacy keyCode, which user-event leaves 0: keys sent as a browser does)
    fireEvent.keyDown(input(), { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40, which: 40 });
    fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    // Assess
    await waitFor(() => expect(onValue).toHaveBeenCalledWith('NY'));
  });

  it('chooses from the typed text when Enter comes before the list has followed it', async () => {
    // Prepare: the list of 'ne' (New Jersey highlighted); the search waits 300 ms after a key
    const user = setup();
    const onValue = vi.fn();
    render(<Field onValue={onValue} delay={300} />);
    await user.type(input(), 'ne');
    await waitFor(() => expect(optionNames()).toEqual(['New Jersey', 'New York', 'Nevada']));
    // Act: 'New Y' and Enter at once, before its search (the clock then passes its delay)
    vi.useFakeTimers();
    fireEvent.change(input(), { target: { value: 'New Y' } });
    fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    // Assess: New York, never New Jersey, and the list does not come back after the choice
    expect(onValue.mock.calls).toEqual([['NY']]);
    expect(input()).toHaveValue('New York');
    await vi.advanceTimersByTimeAsync(400);
    vi.useRealTimers();
    expect(onValue.mock.calls).toEqual([['NY']]);
    expect(optionNames()).toEqual([]);
  });

  it('chooses from the typed text when Tab comes before the server answers it', async () => {
    // Prepare: the server's answer to 'a' is listed
    const user = setup();
    const onValue = vi.fn();
    const agents = [{ label: 'Acme Agent', value: 'A1' }, { label: 'Apex Agent', value: 'A2' }, { label: 'Atlas Agent', value: 'A3' }];
    const suggest = vi.fn(async (query: string) => agents.filter((a) => a.label.toLowerCase().startsWith(query.toLowerCase())));
    render(<Field suggest={suggest} options={undefined} delay={300} onValue={onValue} />);
    await user.type(input(), 'a');
    await waitFor(() => expect(optionNames()).toEqual(['Acme Agent', 'Apex Agent', 'Atlas Agent']));
    // Act: 'ap' and Tab before its search (the clock then passes its delay)
    vi.useFakeTimers();
    fireEvent.change(input(), { target: { value: 'ap' } });
    fireEvent.keyDown(input(), { key: 'Tab', code: 'Tab', keyCode: 9, which: 9 });
    // Assess
    expect(onValue.mock.calls).toEqual([['A2']]);
    await vi.advanceTimersByTimeAsync(400);
    vi.useRealTimers();
    expect(suggest).not.toHaveBeenCalledWith('ap');
    expect(input()).toHaveValue('Apex Agent');
  });

  it('leaves an emptied field empty on Tab, whatever was listed before', async () => {
    // Prepare: the list of 'ne', then the text deleted
    const user = setup();
    const onValue = vi.fn();
    render(<Field onValue={onValue} />);
    await user.type(input(), 'ne');
    await waitFor(() => expect(optionNames()).toEqual(['New Jersey', 'New York', 'Nevada']));
    // Act
    fireEvent.change(input(), { target: { value: '' } });
    fireEvent.keyDown(input(), { key: 'Tab', code: 'Tab', keyCode: 9, which: 9 });
    // Assess
    expect(onValue).not.toHaveBeenCalledWith('NJ');
    expect(input()).toHaveValue('');
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('none');
  });

  it('chooses an option whose label was typed exactly, on leaving the field', async () => {
    // Prepare
    const user = setup();
    const onValue = vi.fn();
    const shortList = [...states, { label: 'New', value: 'XX' }];
    render(<Field onValue={onValue} options={shortList} />);
    // Act
    await user.type(input(), 'new');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    // Assess
    await waitFor(() => expect(onValue).toHaveBeenCalledWith('XX'));
  });

  it('clears the value when the text is emptied', async () => {
    // Prepare
    const user = setup();
    const onValue = vi.fn();
    render(<Field onValue={onValue} initial="PA" />);
    // Act
    await user.clear(input());
    // Assess
    expect(onValue).toHaveBeenCalledWith(null);
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('none');
  });

  it('asks for suggestions and shows at most the type-ahead limit', async () => {
    // Prepare
    const user = setup();
    const agents = Array.from({ length: 15 }, (_, i) => ({ label: `Agent ${i + 1}`, value: `A${i + 1}` }));
    const suggest = vi.fn(async (query: string) => agents.filter((a) => a.label.toLowerCase().startsWith(query.toLowerCase())));
    render(<Field suggest={suggest} options={undefined} delay={0} />);
    // Act
    await user.type(input(), 'ag');
    // Assess
    await waitFor(() => expect(optionNames()).toHaveLength(TYPEAHEAD_LIMIT));
    expect(suggest).toHaveBeenLastCalledWith('ag');
  });

  it('chooses the single suggestion the server answers', async () => {
    // Prepare
    const user = setup();
    const onValue = vi.fn();
    const suggest = vi.fn(async () => [{ label: 'Jane Agent', value: 'J1' }]);
    render(<Field suggest={suggest} options={undefined} delay={0} onValue={onValue} />);
    // Act
    await user.type(input(), 'ja');
    // Assess
    await waitFor(() => expect(onValue).toHaveBeenCalledWith('J1'));
    expect(input()).toHaveValue('Jane Agent');
  });
});

/** An element's markup as a browser draws it: tags, attributes (classes in any order), text, value. */
function markup(el: Element): unknown {
  // AutoComplete also gives its root element an id (pr_id_n) and copies `required` onto it; a
  // button's ripple (invisible until pressed) is sized once it has rendered
  const ignored = (name: string) =>
    (el.getAttribute('data-pc-name') === 'autocomplete' && (name === 'id' || name === 'required')) || (el.classList.contains('p-ink') && name === 'style');
  const attributes = [...el.attributes]
    .filter((a) => !ignored(a.name))
    .map((a) => `${a.name}=${a.name === 'class' ? a.value.split(/\s+/).sort().join(' ') : a.value}`)
    .sort();
  const text = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('');
  return { tag: el.tagName, attributes, text, value: el instanceof HTMLInputElement ? el.value : undefined, children: [...el.children].map(markup) };
}

describe('TypeaheadSelect before AutoComplete has loaded', { timeout: 20_000 }, () => {
  afterEach(async () => {
    resetAutoCompleteLoad(); // the real import again, loaded as the next tests expect (test-setup.ts)
    await loadAutoComplete();
  });

  /** Holds AutoComplete's import back until `release`. */
  function holdBack() {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const load = vi.fn(() => held.then(() => import('primereact/autocomplete')));
    resetAutoCompleteLoad(load);
    return { load, release };
  }

  it.each<[string, Partial<TypeaheadSelectProps<string>> & { initial?: string | null }]>([
    ['empty, with the list button', {}],
    ['showing a choice', { initial: 'OH' }],
    ['disabled, invalid and required, with a placeholder', { disabled: true, invalid: true, required: true, placeholder: 'Any state', inputId: 'state', 'aria-describedby': 'state-help' }],
    ['with suggestions and no list button, labelled by another element', { suggest: async () => [], options: undefined, 'aria-label': undefined, 'aria-labelledby': 'state-label', className: 'wide', inputClassName: 'p-inputtext-sm' }],
  ])('looks as AutoComplete does when it replaces the stand-in: %s', async (_, props) => {
    // Prepare: the stand-in
    resetAutoCompleteLoad();
    const { container } = render(<Field {...props} />);
    const standIn = container.querySelector('.eb-typeahead')!;
    const before = markup(standIn);
    // Act: pointing at it loads AutoComplete
    fireEvent.pointerEnter(standIn);
    await waitFor(() => expect(container.querySelector('.eb-typeahead')).not.toBe(standIn));
    // Assess
    expect(markup(container.querySelector('.eb-typeahead')!)).toEqual(before);
  });

  it('hands the focus and what was typed to AutoComplete, which searches it', async () => {
    // Prepare: the import held back
    const { load, release } = holdBack();
    const user = setup();
    const agents = [{ label: 'Penn Mutual', value: 'P1' }, { label: 'Pentagon Agency', value: 'P2' }, { label: 'Acme', value: 'A1' }];
    const suggest = vi.fn(async (query: string) => agents.filter((a) => a.label.toLowerCase().startsWith(query.toLowerCase())));
    render(<Field suggest={suggest} options={undefined} />);
    const standIn = input();
    // Act: the stand-in focused and typed into before AutoComplete has arrived, which it then does
    await user.click(standIn);
    await user.keyboard('Pen');
    expect(load).toHaveBeenCalledTimes(1);
    expect(standIn).toHaveValue('Pen');
    expect(suggest).not.toHaveBeenCalled();
    release();
    // Assess: AutoComplete's input has the focus, the text (caret at its end) and its suggestions
    await waitFor(() => expect(input()).not.toBe(standIn));
    expect(input()).toHaveFocus();
    expect(input()).toHaveValue('Pen');
    expect((input() as HTMLInputElement).selectionStart).toBe(3);
    await waitFor(() => expect(suggest).toHaveBeenCalledWith('Pen'));
    await waitFor(() => expect(optionNames()).toEqual(['Penn Mutual', 'Pentagon Agency']));
    // typing on goes on in AutoComplete
    await user.keyboard('n');
    await waitFor(() => expect(screen.getByLabelText('Chosen')).toHaveTextContent('P1'));
    expect(input()).toHaveValue('Penn Mutual');
  });

  it('opens the list once AutoComplete has loaded when the list button was clicked before', async () => {
    // Prepare
    const { release } = holdBack();
    const user = setup();
    render(<Field />);
    // Act
    await user.click(screen.getByRole('button', { name: 'Show options for State' }));
    expect(listbox()).not.toBeInTheDocument();
    release();
    // Assess: every option, the field focused (as AutoComplete's own list button does)
    await waitFor(() => expect(optionNames()).toEqual(states.map((s) => s.label)));
    expect(input()).toHaveFocus();
  });

  it('loads AutoComplete once for every field of the page', async () => {
    // Prepare: two fields
    const { load, release } = holdBack();
    const user = setup();
    render(
      <>
        <Field />
        <TypeaheadSelect<string> aria-label="Second state" options={states} value="NV" onChange={() => undefined} />
      </>,
    );
    const second = screen.getByRole('combobox', { name: 'Second state' });
    // Act: both pointed at
    await user.hover(input());
    await user.hover(second);
    release();
    // Assess: one import, both fields replaced, the second one's choice still shown
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Second state' })).not.toBe(second));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('combobox', { name: 'Second state' })).toHaveValue('Nevada');
    expect(input()).not.toHaveFocus();
  });

  it('keeps the choice of a stand-in left with a label typed exactly', async () => {
    // Prepare
    holdBack();
    const user = setup();
    const onValue = vi.fn();
    render(<Field onValue={onValue} />);
    // Act: typed and left before AutoComplete has arrived
    await user.type(input(), 'ohio');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    // Assess
    expect(onValue).toHaveBeenCalledWith('OH');
    expect(input()).toHaveValue('Ohio');
  });
});
