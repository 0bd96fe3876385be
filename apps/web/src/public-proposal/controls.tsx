// The client's page's own controls: plain HTML elements with the page's CSS (controls.css), not the app's UI kit.
// The page ships as server HTML plus small islands (docs/architecture.md, "The public page"), and Mantine's
// runtime (its provider, styles engine and components) was most of the JavaScript a phone had to boot before
// "Aceitar" answered (issue 41). The props mirror the few Mantine props the page used, so the screens read the
// same; only what the page needs is here.
import {
  type ButtonHTMLAttributes,
  type ChangeEvent,
  type CSSProperties,
  createContext,
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useContext,
} from 'react';
import './controls.css';
import { usePageId } from './page-id';

/** Theme colours the page names by Mantine key; anything else is a #RRGGBB from brand.ts. */
const NAMED_COLORS: Record<string, string> = { 'red.9': '#9a1717', 'red.8': '#b71c1c' };

type Variant = 'filled' | 'default' | 'subtle' | 'outline';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: 'sm' | 'md';
  /** The action's colour (#RRGGBB or a theme key); the theme's brand shade when absent. */
  color?: string;
  leftSection?: ReactNode;
  /** Busy: a spinner, and no second press (the label stays for screen readers). */
  loading?: boolean;
  fullWidth?: boolean;
  'data-autofocus'?: boolean;
}

export function Button({
  variant = 'filled',
  size = 'sm',
  color,
  leftSection,
  loading = false,
  fullWidth = false,
  disabled,
  className,
  style,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const tone = color ? (NAMED_COLORS[color] ?? color) : undefined;
  return (
    <button
      type={type}
      className={['pp-button', className].filter(Boolean).join(' ')}
      data-variant={variant}
      data-size={size}
      data-loading={loading || undefined}
      data-full-width={fullWidth || undefined}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      style={tone ? ({ ...style, '--pp-button-color': tone } as CSSProperties) : style}
      {...rest}
    >
      {loading ? <span className="pp-spinner" aria-hidden="true" /> : null}
      {leftSection ? (
        <span className="pp-button-section" aria-hidden="true">
          {leftSection}
        </span>
      ) : null}
      <span className="pp-button-label">{children}</span>
    </button>
  );
}

/** A spinner with no text: the caller says what is loading. */
export function Spinner() {
  return <span className="pp-spinner pp-spinner-lg" aria-hidden="true" />;
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  description?: ReactNode;
  error?: ReactNode;
  children: (described: string | undefined) => ReactNode;
}

/** Label, field, description and error, wired by ids so a screen reader reads them with the field. */
function FieldFrame({ id, label, required, description, error, children }: FieldFrameProps) {
  const descriptionId = description ? `${id}-description` : undefined;
  // `error: true` marks the field without a text of its own (the form's message says why, beside it).
  const message = error === true ? null : error;
  const errorId = message ? `${id}-error` : undefined;
  const described = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="pp-field" data-error={error ? true : undefined}>
      <label className="pp-field-label" htmlFor={id}>
        {label}
        {required ? (
          <span className="pp-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {description ? (
        <p className="pp-field-description" id={descriptionId}>
          {description}
        </p>
      ) : null}
      {children(described)}
      {message ? (
        <p className="pp-field-error" id={errorId}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The ids a field is described by: its own (description, error) and any the caller adds. */
function describedBy(own: string | undefined, extra: string | undefined): string | undefined {
  return [own, extra].filter(Boolean).join(' ') || undefined;
}

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  'data-autofocus'?: boolean;
}

// forwardRef: the page focuses a field it finds wrong; Preact, which runs the page (docs/architecture.md, "The
// public page"), passes a ref to a function component only through it.
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { label, description, error, required, id, className, 'aria-describedby': extra, ...rest },
  ref,
) {
  const generated = usePageId();
  const inputId = id ?? generated;
  return (
    <FieldFrame id={inputId} label={label} required={required} description={description} error={error}>
      {(described) => (
        <input
          ref={ref}
          id={inputId}
          type="text"
          className={['pp-input', className].filter(Boolean).join(' ')}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(described, extra)}
          {...rest}
        />
      )}
    </FieldFrame>
  );
});

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  resize?: 'vertical' | 'none';
}

export function Textarea({
  label,
  description,
  error,
  required,
  id,
  resize,
  style,
  'aria-describedby': extra,
  ...rest
}: TextareaProps) {
  const generated = usePageId();
  const inputId = id ?? generated;
  return (
    <FieldFrame id={inputId} label={label} required={required} description={description} error={error}>
      {(described) => (
        <textarea
          id={inputId}
          className="pp-input pp-textarea"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(described, extra)}
          style={resize ? { ...style, resize } : style}
          {...rest}
        />
      )}
    </FieldFrame>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: ReactNode;
}

export function Checkbox({ label, error, id, className, ...rest }: CheckboxProps) {
  const generated = usePageId();
  const inputId = id ?? generated;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={['pp-check', className].filter(Boolean).join(' ')} data-error={error ? true : undefined}>
      <input
        id={inputId}
        type="checkbox"
        className="pp-check-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        {...rest}
      />
      <label className="pp-check-label" htmlFor={inputId}>
        {label}
      </label>
      {error ? (
        <p className="pp-field-error pp-check-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface RadioContextValue {
  name: string;
  value: string | null;
  onChange: (value: string) => void;
  invalid: boolean;
}

const RadioContext = createContext<RadioContextValue | null>(null);

export interface RadioGroupProps {
  label: ReactNode;
  withAsterisk?: boolean;
  value: string | null;
  onChange: (value: string) => void;
  error?: ReactNode;
  children: ReactNode;
}

/** A fieldset of radios: its legend names the group, its error is read with it. */
export function RadioGroup({ label, withAsterisk, value, onChange, error, children }: RadioGroupProps) {
  const name = usePageId();
  const errorId = error ? `${name}-error` : undefined;
  return (
    <fieldset className="pp-radio-group" aria-describedby={errorId} aria-invalid={error ? true : undefined}>
      <legend className="pp-field-label">
        {label}
        {withAsterisk ? (
          <span className="pp-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </legend>
      <RadioContext.Provider value={{ name, value, onChange, invalid: !!error }}>
        {children}
      </RadioContext.Provider>
      {error ? (
        <p className="pp-field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function Radio({
  value,
  label,
  ...rest
}: {
  value: string;
  label: ReactNode;
  'data-autofocus'?: boolean;
}) {
  const group = useContext(RadioContext);
  const id = usePageId();
  if (!group) throw new Error('Radio outside RadioGroup');
  return (
    <div className="pp-check">
      <input
        id={id}
        type="radio"
        className="pp-check-input"
        name={group.name}
        value={value}
        checked={group.value === value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          if (event.currentTarget.checked) group.onChange(value);
        }}
        {...rest}
      />
      <label className="pp-check-label" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}
