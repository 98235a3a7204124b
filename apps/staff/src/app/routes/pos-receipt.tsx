export { ReceiptView as PosReceiptRoute } from '../../features/pos/components/receipt-view';
