import { CategoryScreen } from '../../features/library/components/category-screen';

export function CategoryRoute() {
  return <CategoryScreen />;
}
