/** Every link of the staff app is built here (typed path builders). */
export const paths = {
  dashboard: () => '/bos/admin',
  products: (search = '') => `/bos/admin/products${search ? `?${search}` : ''}`,
  product: (id: number) => `/bos/admin/products/${id}`,
  storefront: () => '/',
  storefrontProduct: (slug: string) => `/products/${encodeURIComponent(slug)}`,
  signIn: () => '/auth/login',
  signOut: () => '/auth/logout',
};
