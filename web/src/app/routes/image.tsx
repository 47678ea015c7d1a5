import { ImageScreen } from '../../features/library/components/image-screen';

/** /image/{id}: the image page of any public image. */
export function ImageRoute() {
  return <ImageScreen />;
}
