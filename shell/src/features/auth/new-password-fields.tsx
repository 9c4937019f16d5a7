import { Field } from './field';

export type NewPassword = { password: string; confirm: string };

/**
 * "New Password" and "Confirm New Password" (spec §5 rules are checked by password-rules.ts): the pair
 * the reset page and the change-password dialog both ask for.
 */
export function NewPasswordFields(props: {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  testIds: { password: string; confirm: string };
}) {
  const { value, onChange, testIds } = props;
  return (
    <>
      <Field
        label="New Password"
        testId={testIds.password}
        type="password"
        autoComplete="new-password"
        value={value.password}
        onChange={(e) => onChange({ ...value, password: e.target.value })}
      />
      <Field
        label="Confirm New Password"
        testId={testIds.confirm}
        type="password"
        autoComplete="new-password"
        value={value.confirm}
        onChange={(e) => onChange({ ...value, confirm: e.target.value })}
      />
    </>
  );
}
