import { StaffScreen } from '../../features/staff/components/staff-screen';

export function StaffRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Staff</h1>
      <StaffScreen />
    </>
  );
}
