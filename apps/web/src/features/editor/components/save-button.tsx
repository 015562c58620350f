import type { ReactNode } from 'react';
import { Save } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** The editors' save button: disabled with a spinner while saving, a save icon otherwise. */
export function SaveButton({
  saving,
  onClick,
  type = 'button',
  children = 'Save Changes',
}: {
  saving: boolean;
  onClick?: () => void;
  type?: 'button' | 'submit';
  children?: ReactNode;
}) {
  return (
    <Button type={type} disabled={saving} onClick={onClick}>
      {saving ? (
        <Spinner className="size-4 text-white" label="Saving" />
      ) : (
        <Save className="size-4" aria-hidden />
      )}
      {children}
    </Button>
  );
}
