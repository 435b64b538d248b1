import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';

/** Longest keyword a search box takes. */
const KEYWORD_MAX_LENGTH = 200;

export interface KeywordSearchProps {
  /** The box's text (debounce it before searching, e.g. with `useDebouncedValue`). */
  value: string;
  onChange: (text: string) => void;
  placeholder: string;
  /** Accessible name of the box (a 'searchbox'). */
  ariaLabel: string;
  /** Classes of the wrapper (IconField), e.g. to set the box's width. */
  className?: string;
  autoFocus?: boolean;
}

/**
 * The keyword box of list filters and search popups: a search input (at most 200 characters)
 * with a magnifier icon on the left.
 */
export function KeywordSearch(props: KeywordSearchProps) {
  return (
    <IconField iconPosition="left" className={props.className}>
      <InputIcon className="pi pi-search" />
      <InputText
        type="search"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        placeholder={props.placeholder}
        aria-label={props.ariaLabel}
        maxLength={KEYWORD_MAX_LENGTH}
        autoFocus={props.autoFocus}
      />
    </IconField>
  );
}
