import { ColouringScreen } from '../../features/colouring/components/colouring-screen';

/** /image/{id}/colour: colour a page on screen. */
export function ColourRoute() {
  return <ColouringScreen />;
}
