import { HomeScreen } from '../../features/library/components/home-screen';

export function HomeRoute() {
  return <HomeScreen />;
}
