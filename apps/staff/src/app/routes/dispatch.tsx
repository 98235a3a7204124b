import { DispatchScreen } from '../../features/dispatch/components/dispatch-screen';

export function DispatchRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Dispatch</h1>
      <DispatchScreen />
    </>
  );
}
