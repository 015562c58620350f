import { Outlet } from 'react-router';
import { TooltipProvider } from '../../components/ui/tooltip.tsx';

/**
 * Around every signed-in screen (sidebar screens and the editor): what only they need, loaded
 * lazily so public pages never download it (bench: public pages). Tooltips on icon buttons.
 */
export function SignedInRoot() {
  return (
    <TooltipProvider>
      <Outlet />
    </TooltipProvider>
  );
}
