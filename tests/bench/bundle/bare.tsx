/**
 * Bundle page: the floor. The five fields as a React form with react and react-dom only: controlled inputs, the
 * browser's own required checks.
 */
import { fields } from 'virtual:bundle-bare';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

type Field = (typeof fields)[number];

function Control({
  f,
  value,
  set,
}: {
  f: Field;
  value: string | boolean | undefined;
  set: (v: string | boolean) => void;
}) {
  const common = { id: f.name, name: f.name, required: f.required };
  if (f.type === 'checkbox')
    return <input {...common} type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} />;
  if (f.type === 'select')
    return (
      <select {...common} value={String(value ?? '')} onChange={(e) => set(e.target.value)}>
        <option value="" />
        {f.options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  return <input {...common} type={f.type} value={String(value ?? '')} onChange={(e) => set(e.target.value)} />;
}

function Form() {
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      {fields.map((f) => (
        <p key={f.name}>
          <label htmlFor={f.name}>{f.label}</label>{' '}
          <Control f={f} value={values[f.name]} set={(v) => setValues((all) => ({ ...all, [f.name]: v }))} />
        </p>
      ))}
      <button type="submit">Submit</button>
    </form>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<Form />);
