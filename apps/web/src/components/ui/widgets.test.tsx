/**
 * Component tests of the storefront's shared UI widgets (product spec rules), rendered with
 * Preact's own `render` into happy-dom, on the same react→preact aliases as the app.
 */
import type { FieldRule } from '@grocer/shared/validation';
import { render, type ComponentChild } from 'preact';
import { mountPoint } from '../../test/mount';
import { act } from 'preact/test-utils';
import { useState, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Combobox, type Option } from './combobox';
import { BooleanToggle, DatePicker, FileField, PerPageSelect } from './controls';
import { AlertDialog, ConfirmDialog } from './dialogs';
import { Field, useForm } from './form';
import { Modal } from './modal';
import { Pagination } from './pagination';

// happy-dom's <select>.value setter compares the value as given, where a browser first converts it
// to a string (DOMString): `value={10}` (Preact sets the property) would select nothing. Restore
// the browser's conversion for these tests.
const selectValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!;
beforeAll(() => {
  Object.defineProperty(HTMLSelectElement.prototype, 'value', {
    ...selectValue,
    set(this: HTMLSelectElement, v: unknown) {
      selectValue.set!.call(this, String(v));
    },
  });
});
afterAll(() => {
  Object.defineProperty(HTMLSelectElement.prototype, 'value', selectValue);
});

const dom = mountPoint();

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

// --- helpers: drive the DOM as a user would, flushing Preact's renders and effects each time ---

function mount(ui: ReactNode) {
  dom.mount(ui as ComponentChild);
}

function click(el: Element) {
  act(() => {
    el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  });
}

function mousedown(el: Element) {
  act(() => {
    el.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
  });
}

/** Types into a text input (Preact compat maps React's onChange of text inputs to `input`). */
function type(el: HTMLInputElement, text: string) {
  act(() => {
    el.value = text;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function select(el: HTMLSelectElement, value: string) {
  act(() => {
    el.value = value;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

function press(target: Element | Document, key: string, init: KeyboardEventInit = {}) {
  const ev = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  act(() => {
    target.dispatchEvent(ev);
  });
  return ev;
}

function focus(el: HTMLElement) {
  act(() => el.focus());
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** The one element matching `selector`; fails the test when there is none. */
function get<T extends Element = HTMLElement>(selector: string, root: ParentNode = document): T {
  const el = root.querySelector<T>(selector);
  if (!el) throw new Error(`no element matches ${selector}`);
  return el;
}

/** A button by its accessible name (aria-label, else its text). */
function button(name: string, root: ParentNode = document): HTMLButtonElement {
  const all = [...root.querySelectorAll<HTMLElement>('button,[role="button"]')];
  const found = all.find((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name);
  if (!found)
    throw new Error(
      `no button named "${name}" among: ${all.map((b) => b.getAttribute('aria-label') ?? b.textContent?.trim()).join(' | ')}`,
    );
  return found as HTMLButtonElement;
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const texts = (els: Iterable<Element>) => [...els].map((e) => e.textContent?.trim());

// --- Modal ---

describe('Modal', () => {
  beforeEach(() => vi.useFakeTimers());

  function Harness({ initiallyOpen = false, width, onClose }: { initiallyOpen?: boolean; width?: number; onClose?: () => void }) {
    const [open, setOpen] = useState(initiallyOpen);
    const [note, setNote] = useState('');
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        {/* An inline onClose, new on every render, as the app's modals pass it. */}
        <Modal
          open={open}
          width={width}
          title="Change Location"
          onClose={() => {
            onClose?.();
            setOpen(false);
          }}
        >
          <input aria-label="Note" value={note} onChange={(e) => setNote(e.target.value)} />
          <button type="button">Save</button>
        </Modal>
      </>
    );
  }

  it('is 450 px wide by default, or the width asked for', () => {
    mount(<Harness initiallyOpen />);
    expect(get('[role="dialog"]').style.width).toBe('450px');
    mount(null);
    mount(<Harness initiallyOpen width={560} />);
    expect(get('[role="dialog"]').style.width).toBe('560px');
  });

  it('shows its title, labelled for screen readers', () => {
    mount(<Harness initiallyOpen />);
    const d = get('[role="dialog"]');
    expect(d.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(d.getAttribute('aria-labelledby')!)?.textContent).toBe('Change Location');
  });

  it('opens after a short delay: mounted at once, faded in a few ms later', () => {
    mount(<Harness />);
    expect(dialog()).toBeNull();
    click(button('Open'));
    const overlay = get('[role="dialog"]').parentElement!;
    expect(overlay.className).toContain('opacity-0');
    advance(50);
    expect(overlay.className).toContain('opacity-100');
  });

  it('stays mounted 300 ms after closing, then is removed', () => {
    mount(<Harness initiallyOpen />);
    advance(50);
    click(button('Close'));
    expect(dialog()).not.toBeNull();
    expect(get('[role="dialog"]').parentElement!.className).toContain('opacity-0');
    advance(299);
    expect(dialog()).not.toBeNull();
    advance(1);
    expect(dialog()).toBeNull();
  });

  it('closes on Escape, and no longer listens once closed', () => {
    const onClose = vi.fn();
    mount(<Harness initiallyOpen onClose={onClose} />);
    press(document.activeElement ?? document, 'Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
    advance(300);
    press(document, 'Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('traps Tab inside: focus starts in the dialog, wraps from last to first and back', () => {
    mount(<Harness initiallyOpen />);
    const d = get('[role="dialog"]');
    const close = button('Close', d);
    const save = button('Save', d);
    expect(document.activeElement).toBe(close);
    focus(save);
    const tab = press(save, 'Tab');
    expect(tab.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(close);
    const back = press(close, 'Tab', { shiftKey: true });
    expect(back.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(save);
    // In the middle, Tab is left to the browser.
    const note = get<HTMLInputElement>('input[aria-label="Note"]', d);
    focus(note);
    expect(press(note, 'Tab').defaultPrevented).toBe(false);
  });

  it('returns focus to what had it when it closes', () => {
    mount(<Harness />);
    const opener = button('Open');
    focus(opener);
    click(opener);
    expect(get('[role="dialog"]').contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(opener);
    press(document.activeElement!, 'Escape');
    expect(document.activeElement).toBe(opener);
  });

  it('moves focus in as it is committed, not a frame later, and never away from a field already chosen', () => {
    // No act(): passive effects wait for the next frame; the trap must not.
    render(<Harness initiallyOpen />, dom.container);
    const d = get('[role="dialog"]');
    expect(document.activeElement).toBe(button('Close', d));
    // Someone (or a test driver) selects a field before the next frame: it keeps focus.
    const note = get<HTMLInputElement>('input[aria-label="Note"]', d);
    note.focus();
    act(() => undefined);
    expect(document.activeElement).toBe(note);
  });

  it('keeps focus in the field being typed into while its parent re-renders', () => {
    mount(<Harness initiallyOpen />);
    const note = get<HTMLInputElement>('input[aria-label="Note"]');
    focus(note);
    type(note, '5600');
    type(note, '56001');
    expect(note.value).toBe('56001');
    expect(document.activeElement).toBe(note);
  });
});

// --- Date picker ---

describe('DatePicker', () => {
  function Harness({ initial, onChange }: { initial: string | null; onChange: (d: string) => void }) {
    const [value, setValue] = useState(initial);
    return (
      <>
        <p>Outside</p>
        <DatePicker
          label="Delivery date"
          value={value}
          onChange={(d) => {
            onChange(d);
            setValue(d);
          }}
        />
      </>
    );
  }
  const input = () => get<HTMLInputElement>('input[aria-label="Delivery date"]');
  const calendar = () => document.querySelector('[role="dialog"][aria-label="Choose a date"]');

  it("shows the chosen date as 'MMM D, YYYY' (empty when none)", () => {
    mount(<Harness initial="2024-03-05" onChange={() => {}} />);
    expect(input().value).toBe('Mar 5, 2024');
    mount(null);
    mount(<Harness initial={null} onChange={() => {}} />);
    expect(input().value).toBe('');
  });

  it('opens when its input gets focus', () => {
    mount(<Harness initial="2024-03-05" onChange={() => {}} />);
    expect(calendar()).toBeNull();
    focus(input());
    expect(calendar()).not.toBeNull();
  });

  it('opens on a click of the calendar button', () => {
    mount(<Harness initial="2024-03-05" onChange={() => {}} />);
    click(button('Open calendar'));
    expect(calendar()).not.toBeNull();
  });

  it('opens 10 px below its field, at popper z-index 9999 (spec §9)', () => {
    mount(<Harness initial="2024-03-05" onChange={() => {}} />);
    click(button('Open calendar'));
    const panel = calendar() as HTMLElement;
    expect([panel.style.zIndex, panel.style.marginTop]).toEqual(['9999', '10px']);
  });

  it('closes on a mousedown outside it, not on one inside', () => {
    mount(<Harness initial="2024-03-05" onChange={() => {}} />);
    click(button('Open calendar'));
    mousedown(get('select[aria-label="Month"]'));
    expect(calendar()).not.toBeNull();
    mousedown(get('p'));
    expect(calendar()).toBeNull();
  });

  it("opens on the chosen month; choosing a day sends 'YYYY-MM-DD', closes and shows it", () => {
    const onChange = vi.fn();
    mount(<Harness initial="2024-03-05" onChange={onChange} />);
    click(button('Open calendar'));
    expect(get<HTMLSelectElement>('select[aria-label="Month"]').value).toBe('2');
    expect(get<HTMLSelectElement>('select[aria-label="Year"]').value).toBe('2024');
    click(button('9', calendar()!));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('2024-03-09');
    expect(calendar()).toBeNull();
    expect(input().value).toBe('Mar 9, 2024');
  });

  it('offers the years 1900 to 2099 and picks across month and year', () => {
    const onChange = vi.fn();
    mount(<Harness initial={null} onChange={onChange} />);
    focus(input());
    const years = [...get<HTMLSelectElement>('select[aria-label="Year"]').options].map((o) => Number(o.value));
    expect(years).toHaveLength(200);
    expect(years[0]).toBe(1900);
    expect(years.at(-1)).toBe(2099);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    select(get('select[aria-label="Year"]'), '1900');
    select(get('select[aria-label="Month"]'), '1');
    // February 1900 has 28 days (1900 is not a leap year).
    expect(texts(calendar()!.querySelectorAll('button')).at(-1)).toBe('28');
    click(button('28', calendar()!));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('1900-02-28');
  });
});

// --- Pagination ---

describe('Pagination', () => {
  const pageButtons = () =>
    [...get('nav[aria-label="Pagination"]').querySelectorAll('button')].filter((b) => /^\d+$/.test(b.textContent ?? ''));
  const ellipses = () => [...get('nav[aria-label="Pagination"]').querySelectorAll('span')].filter((s) => s.textContent === '…');

  it('shows 5 page buttons with ellipses, the current one marked', () => {
    mount(<Pagination total={200} perPage={10} page={10} onPage={() => {}} />);
    expect(texts(pageButtons())).toEqual(['1', '9', '10', '11', '20']);
    expect(ellipses()).toHaveLength(2);
    expect(button('10').getAttribute('aria-current')).toBe('page');
    expect(button('11').getAttribute('aria-current')).toBeNull();
  });

  it('shows every page and no ellipsis when there are 5 or fewer; nothing for a single page', () => {
    mount(<Pagination total={45} perPage={10} page={1} onPage={() => {}} />);
    expect(texts(pageButtons())).toEqual(['1', '2', '3', '4', '5']);
    expect(ellipses()).toHaveLength(0);
    mount(<Pagination total={10} perPage={10} page={1} onPage={() => {}} />);
    expect(dom.container.querySelector('nav')).toBeNull();
  });

  it('moves by one with Previous and Next', () => {
    const onPage = vi.fn();
    mount(<Pagination total={200} perPage={10} page={10} onPage={onPage} />);
    click(button('Next page'));
    expect(onPage).toHaveBeenLastCalledWith(11);
    click(button('Previous page'));
    expect(onPage).toHaveBeenLastCalledWith(9);
    expect(onPage).toHaveBeenCalledTimes(2);
  });

  it('jumps to a chosen page', () => {
    const onPage = vi.fn();
    mount(<Pagination total={200} perPage={10} page={10} onPage={onPage} />);
    click(button('20'));
    expect(onPage).toHaveBeenCalledExactlyOnceWith(20);
  });

  it('ignores the current page and moves out of range (onPage not called)', () => {
    const onPage = vi.fn();
    mount(<Pagination total={200} perPage={10} page={1} onPage={onPage} />);
    click(button('1'));
    expect(button('Previous page').disabled).toBe(true);
    click(button('Previous page'));
    mount(<Pagination total={200} perPage={10} page={20} onPage={onPage} />);
    expect(button('Next page').disabled).toBe(true);
    click(button('Next page'));
    click(button('20'));
    expect(onPage).not.toHaveBeenCalled();
  });
});

// --- Per-page selector ---

describe('PerPageSelect', () => {
  it('offers 5, 10, 20, 50 and 100 and sends the chosen number', () => {
    const onChange = vi.fn();
    mount(<PerPageSelect value={10} onChange={onChange} />);
    const el = get<HTMLSelectElement>('select');
    expect([...el.options].map((o) => o.value)).toEqual(['5', '10', '20', '50', '100']);
    expect(el.value).toBe('10');
    select(el, '50');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(50);
  });

  it('ignores an empty value', () => {
    const onChange = vi.fn();
    mount(<PerPageSelect value={10} onChange={onChange} />);
    select(get('select'), '');
    expect(onChange).not.toHaveBeenCalled();
  });
});

// --- File field ---

describe('FileField', () => {
  /** Sets what the browser's file picker returned and fires `change`; records writes to `value`. */
  function pick(input: HTMLInputElement, files: File[]) {
    const writes: string[] = [];
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    Object.defineProperty(input, 'value', {
      get: () => (files[0] ? `C:\\fakepath\\${files[0].name}` : 'C:\\fakepath\\old.png'),
      set: (v: string) => writes.push(v),
      configurable: true,
    });
    act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    return writes;
  }

  it('passes the chosen file on', () => {
    const onChange = vi.fn();
    mount(<FileField label="Photo" onChange={onChange} />);
    const file = new File(['x'], 'dal.png', { type: 'image/png' });
    const writes = pick(get('input[type="file"]'), [file]);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(file);
    expect(writes).toEqual([]);
  });

  it('clears its value when no file is chosen', () => {
    const onChange = vi.fn();
    mount(<FileField label="Photo" onChange={onChange} />);
    const writes = pick(get('input[type="file"]'), []);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null);
    expect(writes).toEqual(['']);
  });

  it('can be required', () => {
    mount(<FileField label="Photo" required onChange={() => {}} />);
    const input = get<HTMLInputElement>('input[type="file"]');
    expect(input.required).toBe(true);
    expect(input.checkValidity()).toBe(false);
    mount(<FileField label="Photo" onChange={() => {}} />);
    expect(get<HTMLInputElement>('input[type="file"]').required).toBe(false);
    expect(get<HTMLInputElement>('input[type="file"]').checkValidity()).toBe(true);
  });
});

// --- Boolean toggle ---

describe('BooleanToggle', () => {
  it('stores true as 1 and false as 0', () => {
    const seen: number[] = [];
    function Harness() {
      const [v, setV] = useState<0 | 1>(0);
      return (
        <BooleanToggle
          label="In stock"
          value={v}
          onChange={(x) => {
            seen.push(x);
            setV(x);
          }}
        />
      );
    }
    mount(<Harness />);
    const sw = get('[role="switch"]');
    expect(sw.getAttribute('aria-checked')).toBe('false');
    click(sw);
    expect(sw.getAttribute('aria-checked')).toBe('true');
    click(sw);
    expect(sw.getAttribute('aria-checked')).toBe('false');
    expect(seen).toEqual([1, 0]);
  });
});

// --- Combobox ---

describe('Combobox', () => {
  beforeEach(() => vi.useFakeTimers());

  const OPTIONS: Option[] = [
    { value: 'rice', label: 'Basmati Rice' },
    { value: 'dal', label: 'Toor Dal' },
    { value: 'ghee', label: 'Cow Ghee' },
  ];

  function Harness({
    multiple = false,
    initial = [],
    onChange = () => {},
  }: {
    multiple?: boolean;
    initial?: string[];
    onChange?: (v: string[]) => void;
  }) {
    const [value, setValue] = useState(initial);
    return (
      <>
        <p>Outside</p>
        <Combobox
          label="Products"
          placeholder="Choose products"
          multiple={multiple}
          options={OPTIONS}
          value={value}
          onChange={(v) => {
            onChange(v);
            setValue(v);
          }}
        />
      </>
    );
  }
  const trigger = () => button('Products');
  const search = () => document.querySelector<HTMLInputElement>('input[aria-label="Search Products"]');
  const listbox = () => get('[role="listbox"]');
  const shown = () => texts(document.querySelectorAll('[role="option"]'));
  const option = (label: string) => [...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === label)!;

  it('opens its list on click and focuses the search input after 100 ms', () => {
    mount(<Harness />);
    expect(search()).toBeNull();
    click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(shown()).toEqual(['Basmati Rice', 'Toor Dal', 'Cow Ghee']);
    advance(99);
    expect(document.activeElement).not.toBe(search());
    advance(1);
    expect(document.activeElement).toBe(search());
  });

  it('searches by case-insensitive substring; nothing found shows "No matching data"', () => {
    mount(<Harness />);
    click(trigger());
    type(search()!, 'RICE');
    expect(shown()).toEqual(['Basmati Rice']);
    type(search()!, 'ee');
    expect(shown()).toEqual(['Cow Ghee']);
    type(search()!, 'paneer');
    expect(shown()).toEqual([]);
    expect(listbox().textContent).toBe('No matching data');
  });

  it('keeps its list at most 16rem tall', () => {
    mount(<Harness />);
    click(trigger());
    expect(listbox().className.split(' ')).toContain('max-h-[16rem]');
  });

  it('opens its list 10 px below, at popper z-index 9999 (spec §9)', () => {
    mount(<Harness />);
    click(trigger());
    const panel = listbox().parentElement!;
    expect([panel.style.zIndex, panel.style.marginTop]).toEqual(['9999', '10px']);
  });

  it('single select: choosing sends [value], shows its label and closes', () => {
    const onChange = vi.fn();
    mount(<Harness onChange={onChange} />);
    expect(trigger().textContent).toContain('Choose products');
    click(trigger());
    click(option('Toor Dal'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(['dal']);
    expect(search()).toBeNull();
    expect(trigger().textContent).toContain('Toor Dal');
  });

  it('multi-select: choosing adds, choosing again removes, the list stays open', () => {
    const onChange = vi.fn();
    mount(<Harness multiple onChange={onChange} />);
    click(trigger());
    expect(listbox().getAttribute('aria-multiselectable')).toBe('true');
    click(option('Basmati Rice'));
    click(option('Cow Ghee'));
    expect(onChange).toHaveBeenLastCalledWith(['rice', 'ghee']);
    expect(option('Basmati Rice').getAttribute('aria-selected')).toBe('true');
    expect(option('Toor Dal').getAttribute('aria-selected')).toBe('false');
    expect(trigger().textContent).toContain('Basmati Rice, Cow Ghee');
    click(option('Basmati Rice'));
    expect(onChange).toHaveBeenLastCalledWith(['ghee']);
    expect(search()).not.toBeNull();
  });

  it('clear empties the selection without opening the list', () => {
    const onChange = vi.fn();
    mount(<Harness multiple initial={['rice', 'dal']} onChange={onChange} />);
    click(button('Clear'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith([]);
    expect(search()).toBeNull();
    expect(trigger().textContent).toContain('Choose products');
    expect(document.querySelector('[aria-label="Clear"]')).toBeNull();
  });

  it('closes on a mousedown outside it', () => {
    mount(<Harness />);
    click(trigger());
    mousedown(search()!);
    expect(search()).not.toBeNull();
    mousedown(get('p'));
    expect(search()).toBeNull();
  });
});

// --- Confirm and alert dialogs ---

describe('ConfirmDialog', () => {
  beforeEach(() => vi.useFakeTimers());

  function props() {
    return { title: 'Delete address', message: 'Delete the address at 12 MG Road?', onConfirm: vi.fn(), onCancel: vi.fn() };
  }

  it('shows nothing while closed', () => {
    mount(<ConfirmDialog open={false} {...props()} />);
    expect(dialog()).toBeNull();
  });

  it('shows its title and message; Confirm confirms', () => {
    const p = props();
    mount(<ConfirmDialog open {...p} />);
    expect(get('[role="dialog"] h2').textContent).toBe('Delete address');
    expect(get('[role="dialog"]').textContent).toContain('Delete the address at 12 MG Road?');
    click(button('Confirm'));
    expect(p.onConfirm).toHaveBeenCalledTimes(1);
    expect(p.onCancel).not.toHaveBeenCalled();
  });

  it('Cancel, Close and Escape each cancel', () => {
    const p = props();
    mount(<ConfirmDialog open {...p} />);
    click(button('Cancel'));
    click(button('Close'));
    press(document, 'Escape');
    expect(p.onCancel).toHaveBeenCalledTimes(3);
    expect(p.onConfirm).not.toHaveBeenCalled();
  });

  it('takes its own labels and a danger style', () => {
    const p = props();
    mount(<ConfirmDialog open danger confirmLabel="Delete" cancelLabel="Keep" {...p} />);
    expect(button('Delete').className).toContain('bg-red-600');
    click(button('Keep'));
    expect(p.onCancel).toHaveBeenCalledTimes(1);
    expect(() => button('Confirm')).toThrow();
  });
});

describe('AlertDialog', () => {
  beforeEach(() => vi.useFakeTimers());

  it('announces its message; OK and Escape close it', () => {
    const onClose = vi.fn();
    mount(<AlertDialog open title="Out of stock" message="Toor Dal is out of stock." onClose={onClose} />);
    expect(get('[role="dialog"] h2').textContent).toBe('Out of stock');
    expect(get('[role="dialog"] [role="alert"]').textContent).toBe('Toor Dal is out of stock.');
    click(button('OK'));
    press(document, 'Escape');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

// --- Form (useForm + Field) ---

describe('Form', () => {
  const rules = {
    name: { label: 'Name', required: true },
    email: { label: 'Email', type: 'email', required: true },
    mobile: { label: 'Mobile', pattern: /^[6-9]\d{9}$/, patternMessage: 'Enter a 10-digit mobile number' },
    pincode: { label: 'Pincode', pattern: /^\d{6}$/ },
    code: { required: true },
    member: { label: 'Member ID', readOnly: true, required: true },
    coupon: { label: 'Coupon', required: true, validate: (v: unknown) => (v === 'OLD10' ? 'Coupon has expired' : null) },
  } satisfies Record<string, FieldRule>;
  type Key = keyof typeof rules;
  type Values = Record<Key, string>;
  const blank: Values = { name: '', email: '', mobile: '', pincode: '', code: '', member: '', coupon: '' };

  function SignupForm({ initial = blank, onValid }: { initial?: Values; onValid: (v: Values) => void }) {
    const form = useForm(initial, rules);
    return (
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        {(Object.keys(rules) as Key[]).map((k) => (
          <Field key={k} label={k} error={form.errors[k]} required={'required' in rules[k]}>
            {(p) => <input {...p} name={k} value={form.values[k]} onChange={(e) => form.set(k, e.target.value)} />}
          </Field>
        ))}
        <button type="submit">Save</button>
        <button type="button" onClick={form.reset}>
          Reset
        </button>
      </form>
    );
  }

  const input = (k: Key) => get<HTMLInputElement>(`input[name="${k}"]`);
  /** The error shown at a field, found the way a screen reader does (aria-describedby). */
  const errorAt = (k: Key) => {
    const id = input(k).getAttribute('aria-describedby');
    const el = id ? document.getElementById(id) : null;
    return el?.getAttribute('role') === 'alert' ? el.textContent : null;
  };
  const errors = () => Object.fromEntries((Object.keys(rules) as Key[]).map((k) => [k, errorAt(k)]).filter(([, e]) => e));
  const submit = () =>
    act(() => {
      get('form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });

  it('checks every field in the spec order and does not submit while any fails', () => {
    const onValid = vi.fn();
    mount(<SignupForm onValid={onValid} />);
    expect(errors()).toEqual({});
    submit();
    expect(onValid).not.toHaveBeenCalled();
    // required (label / 'This field'); optional empty → valid; read-only → valid; custom validator overrides required.
    expect(errors()).toEqual({ name: 'Name is required', email: 'Email is required', code: 'This field is required' });
    expect(input('name').getAttribute('aria-invalid')).toBe('true');
    expect(input('mobile').getAttribute('aria-invalid')).toBe('false');
  });

  it('gives the email and pattern messages, and the custom validator its own', () => {
    const onValid = vi.fn();
    mount(<SignupForm onValid={onValid} />);
    type(input('name'), 'Asha');
    type(input('email'), 'asha@example');
    type(input('mobile'), '12345');
    type(input('pincode'), '5600');
    type(input('code'), 'X1');
    type(input('coupon'), 'OLD10');
    submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(errors()).toEqual({
      email: 'Email is not a valid email address',
      mobile: 'Enter a 10-digit mobile number',
      pincode: 'Pincode is not in valid format',
      coupon: 'Coupon has expired',
    });
  });

  it('shows no errors while typing before the first submit, then rechecks on every change', () => {
    mount(<SignupForm onValid={() => {}} />);
    type(input('email'), 'not-an-email');
    expect(errors()).toEqual({});
    submit();
    expect(errorAt('email')).toBe('Email is not a valid email address');
    type(input('email'), '');
    expect(errorAt('email')).toBe('Email is required');
    type(input('email'), 'asha@example.com');
    expect(errorAt('email')).toBeNull();
    expect(errorAt('name')).toBe('Name is required');
  });

  it('submits the values once every field passes', () => {
    const onValid = vi.fn();
    mount(<SignupForm onValid={onValid} />);
    type(input('name'), 'Asha');
    type(input('email'), 'asha@example.com');
    type(input('mobile'), '9876543210');
    type(input('code'), 'X1');
    submit();
    expect(errors()).toEqual({});
    expect(onValid).toHaveBeenCalledExactlyOnceWith({
      ...blank,
      name: 'Asha',
      email: 'asha@example.com',
      mobile: '9876543210',
      code: 'X1',
    });
  });

  it('reset restores the initial values and clears the errors', () => {
    mount(<SignupForm initial={{ ...blank, name: 'Asha', email: 'asha@example.com' }} onValid={() => {}} />);
    type(input('name'), '');
    type(input('email'), 'x');
    submit();
    expect(Object.keys(errors())).toEqual(['name', 'email', 'code']);
    click(button('Reset'));
    expect(input('name').value).toBe('Asha');
    expect(input('email').value).toBe('asha@example.com');
    expect(errors()).toEqual({});
    // Errors are hidden again until the next submit.
    type(input('name'), '');
    expect(errors()).toEqual({});
  });
});
