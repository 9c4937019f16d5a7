import type { ReactNode } from 'react';

/** A labelled field of an admin form dialog, with an optional hint under it. */
export function Field(props: { label: string; children: ReactNode; hint?: string }) {
  return (
    <label className="admin-field">
      <span>{props.label}</span>
      {props.children}
      {props.hint && <small className="noek-muted">{props.hint}</small>}
    </label>
  );
}
