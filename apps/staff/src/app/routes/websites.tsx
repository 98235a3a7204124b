import { CreateScreen } from '../../features/websites/components/create-screen';
import { ChooseScreen } from '../../features/websites/components/choose-screen';

export function ChooseWebsiteRoute() {
  return <ChooseScreen />;
}

export function CreateWebsiteRoute() {
  return <CreateScreen />;
}
