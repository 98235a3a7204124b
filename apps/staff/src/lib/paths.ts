/** Every link of the staff app is built here (typed path builders). */
export const paths = {
  dashboard: () => '/bos/admin',
  products: (search = '') => `/bos/admin/products${search ? `?${search}` : ''}`,
  product: (id: number) => `/bos/admin/products/${id}`,
  search: () => '/bos/admin/search',
  agents: () => '/bos/admin/agents',
  pos: () => '/pos',
  posReceipt: (receipt: string) => `/pos/receipt/${encodeURIComponent(receipt)}`,
  posPrint: (receipt: string, format: '80mm' | 'a4' = '80mm') => `/s/api/pos/sales/${encodeURIComponent(receipt)}/print?format=${format}`,
  storefront: () => '/',
  storefrontProduct: (slug: string) => `/products/${encodeURIComponent(slug)}`,
  signIn: () => '/auth/login',
  signOut: () => '/auth/logout',
};
