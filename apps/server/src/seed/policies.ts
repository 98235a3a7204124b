/**
 * The policy pages an Indian online shop must publish (Consumer Protection (E-Commerce) Rules,
 * 2020: returns, refunds, cancellation, terms, privacy, and a grievance officer with contact details
 * who acknowledges a complaint within 48 hours and resolves it within one month). Seeded as ordinary
 * content pages of rich-text blocks, so the owner edits them like any other page.
 */
export interface PolicyPage {
  url: string;
  title: string;
  seoDescription: string;
  html: string;
}

export interface ShopIdentity {
  name: string;
  address: string;
  gstin: string;
  email: string;
  phone: string;
}

export function policyPages(shop: ShopIdentity): PolicyPage[] {
  const seller = `<p>${shop.name}, ${shop.address}. GSTIN ${shop.gstin}.</p>`;
  return [
    {
      url: '/returns-and-refunds',
      title: 'Returns and refunds',
      seoDescription: `How to return an item to ${shop.name} and when your money comes back.`,
      html:
        '<h1>Returns and refunds</h1>' +
        '<h2>What you can return</h2>' +
        '<ul><li><strong>Fresh produce, dairy, bakery and meat</strong>: tell us at delivery, or within 24 hours, if an item is damaged, spoilt, missing or not what you ordered.</li>' +
        '<li><strong>Packaged groceries and household items</strong>: within 7 days of delivery, unopened, with the original packaging, or at any time before the expiry date if the item was already expired or damaged when it arrived.</li>' +
        '<li>Items bought with a "no return" note on their page (for example loose goods weighed for you) can be returned only if they were damaged or wrong.</li></ul>' +
        '<h2>How to ask</h2>' +
        '<p>Open the order in <a href="/account/orders">My orders</a> and use "Report an issue", or write to us at ' +
        `${shop.email} or call ${shop.phone} with the order number. A photo of a damaged item helps us decide quickly.</p>` +
        '<h2>Your refund</h2>' +
        '<ul><li>Paid online (UPI, card, netbanking, wallet): refunded to the same method within 5–7 working days of our approval; your bank may take a few more days to show it.</li>' +
        '<li>Cash on delivery: refunded by bank transfer or UPI to an account you name, within 5–7 working days.</li>' +
        '<li>A missing or removed item is refunded for what you paid for it, including its share of any discount.</li></ul>',
    },
    {
      url: '/cancellation-policy',
      title: 'Cancellation policy',
      seoDescription: `When and how an order with ${shop.name} can be cancelled.`,
      html:
        '<h1>Cancellation policy</h1>' +
        '<p>You can cancel an order from <a href="/account/orders">My orders</a> until it is packed for delivery. There is no cancellation charge.</p>' +
        '<ul><li>Paid online: the full amount is refunded to the same method within 5–7 working days.</li>' +
        '<li>Cash on delivery: nothing is charged.</li>' +
        '<li>A coupon used on a cancelled order can be used again.</li></ul>' +
        '<p>We may cancel an order when an item is out of stock, the address is outside our delivery area or the payment did not complete; ' +
        'we tell you by email or SMS and refund anything you paid.</p>',
    },
    {
      url: '/terms',
      title: 'Terms of use',
      seoDescription: `The terms on which ${shop.name} sells to you.`,
      html:
        '<h1>Terms of use</h1>' +
        '<h2>Who we are</h2>' +
        seller +
        '<h2>Orders and prices</h2>' +
        '<p>Prices are in Indian rupees and include GST. The price you pay is the one shown at checkout; an order is a contract once we confirm it. ' +
        'We never charge more than the MRP printed on a pack.</p>' +
        '<h2>Delivery</h2>' +
        '<p>We deliver to the pincodes listed on our site, in the slot you choose. If we cannot keep a slot, we tell you and offer another slot or a full refund.</p>' +
        '<h2>Your account</h2>' +
        '<p>You sign in with a one-time code sent to your email or mobile. Keep your codes to yourself: anyone with a code can order in your name.</p>' +
        '<h2>Disputes</h2>' +
        '<p>Write to our grievance officer (see <a href="/grievance-officer">Grievance officer</a>). These terms are governed by the laws of India.</p>',
    },
    {
      url: '/privacy-policy',
      title: 'Privacy policy',
      seoDescription: `What ${shop.name} keeps about you, why, and your choices.`,
      html:
        '<h1>Privacy policy</h1>' +
        '<h2>What we keep</h2>' +
        '<ul><li>Your name, email, mobile number and delivery addresses, to deliver your orders and send your sign-in codes.</li>' +
        '<li>Your orders, cart and wishlists, so you can see and repeat them.</li>' +
        '<li>Payment results from our payment gateways. We never see or keep your card, UPI PIN or bank password.</li></ul>' +
        '<h2>What we do not do</h2>' +
        '<p>We do not sell your data. We share only what a delivery partner or payment gateway needs to complete your order.</p>' +
        '<h2>How long we keep it</h2>' +
        '<ul><li><strong>Your account</strong> (name, email, mobile): until you delete it.</li>' +
        '<li><strong>Delivery addresses</strong>: until you delete them or your account.</li>' +
        '<li><strong>Orders and invoices</strong>: 8 years, as GST law requires (CGST Act 2017, section 36). If you delete your account they are kept without your name, mobile or street address: only the pincode and state, which the tax invoice needs.</li>' +
        '<li><strong>Cart and wishlists</strong>: until you empty them or delete your account.</li>' +
        '<li><strong>Sign-in codes</strong>: 10 minutes, deleted a day later. <strong>Sessions</strong>: up to 30 days, or until you log out.</li>' +
        '<li><strong>Analytics</strong>: which pages and products are viewed, anonymously, kept for 90 days. We link them to your account only if you allow it in <a href="/account/details">your profile</a>.</li>' +
        '<li><strong>Error reports</strong>: what went wrong on a page, kept until fixed and 90 days after.</li>' +
        '<li><strong>Messages we sent you</strong> (codes, order updates): deleted 7 days after they are sent.</li></ul>' +
        '<h2>Your choices</h2>' +
        '<p>In <a href="/account/details">your profile</a> you can change your details, download a copy of your data (JSON, and a CSV of your orders), ' +
        'choose whether our analytics may know it is you, and delete your account. You can also write to ' +
        `${shop.email}.</p>`,
    },
    {
      url: '/grievance-officer',
      title: 'Grievance officer',
      seoDescription: `How to raise a complaint with ${shop.name}.`,
      html:
        '<h1>Grievance officer</h1>' +
        '<p>If something went wrong with an order or with your data and our support did not put it right, write to our grievance officer:</p>' +
        '<ul><li><strong>Name</strong>: Asha Rao</li><li><strong>Designation</strong>: Grievance Officer</li>' +
        `<li><strong>Email</strong>: grievance@${shop.email.split('@')[1] ?? 'demo.shop'}</li><li><strong>Phone</strong>: ${shop.phone} (Monday to Saturday, 10 AM to 6 PM)</li>` +
        `<li><strong>Address</strong>: ${shop.address}</li></ul>` +
        '<p>We acknowledge every complaint within 48 hours and resolve it within one month of receiving it.</p>' +
        '<h2>Seller</h2>' +
        seller,
    },
  ];
}
