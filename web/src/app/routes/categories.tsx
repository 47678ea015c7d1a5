import { CategoriesScreen } from '../../features/library/components/categories-screen';

export function CategoriesRoute() {
  return <CategoriesScreen />;
}
