import { Button, Input } from './ui';

/** A search form's field, named for screen readers, and its submit button; the page's own form lays them out. */
export function SearchFields({
  id,
  label,
  placeholder,
  value,
  onChange,
  submit = 'Search',
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  submit?: string;
}) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Input id={id} type="search" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
      <Button type="submit">{submit}</Button>
    </>
  );
}
