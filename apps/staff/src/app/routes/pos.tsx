export { PosScreen as PosRoute } from '../../features/pos/components/pos-screen';
