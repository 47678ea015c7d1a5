import { ImageScreen } from '../../features/library/components/image-screen';

/** /categories/{category}/{image}: the image page inside its category. */
export function CategoryImageRoute() {
  return <ImageScreen />;
}
