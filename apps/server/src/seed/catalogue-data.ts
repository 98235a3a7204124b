/**
 * The demo shop's catalogue (DESIGN §8): an Indian grocery range. Brands are invented but
 * believable; names, packs and prices follow what a neighbourhood kirana or quick-commerce app sells.
 */

export type PackKind = 'bulk' | 'weight' | 'small' | 'volume' | 'pieces' | 'produce' | 'dairy';

/** Pack names and the price multiplier of each against the leaf's base price (bulk is cheaper per unit). */
export const PACKS: Record<PackKind, [string, number][]> = {
  bulk: [
    ['1 kg', 1],
    ['5 kg', 4.6],
    ['10 kg', 8.9],
    ['500 g', 0.55],
  ],
  weight: [
    ['500 g', 1],
    ['1 kg', 1.9],
    ['2 kg', 3.7],
  ],
  small: [
    ['100 g', 1],
    ['200 g', 1.9],
    ['500 g', 4.5],
  ],
  volume: [
    ['500 ml', 1],
    ['1 L', 1.9],
    ['5 L', 9],
  ],
  pieces: [
    ['1 pc', 1],
    ['Pack of 3', 2.8],
    ['Pack of 6', 5.4],
  ],
  produce: [
    ['250 g', 1],
    ['500 g', 1.9],
    ['1 kg', 3.6],
  ],
  dairy: [
    ['200 g', 1],
    ['400 g', 1.9],
    ['1 kg', 4.6],
  ],
};

export interface Leaf {
  name: string;
  kind: PackKind;
  /** base price in rupees for the first pack */
  price: number;
  hsn: string;
  /** GST in percent */
  gst: number;
  items: string[];
  brands: string[];
}

export interface Top {
  name: string;
  colour: string;
  shape: 'sack' | 'bottle' | 'box' | 'jar' | 'leaf' | 'tube';
  children: { name: string; leaves?: Leaf[]; leaf?: Omit<Leaf, 'name'> }[];
}

export const CATALOGUE: Top[] = [
  {
    name: 'Staples',
    colour: '#b45309',
    shape: 'sack',
    children: [
      {
        name: 'Rice & Rice Products',
        leaves: [
          {
            name: 'Basmati Rice',
            kind: 'bulk',
            price: 139,
            hsn: '1006',
            gst: 5,
            items: ['Classic Basmati Rice', 'Royal Long Grain Basmati Rice', 'Everyday Basmati Rice', 'Dubar Basmati Rice'],
            brands: ['Kaveri Gold', 'Annapurna Farms', 'Himgiri'],
          },
          {
            name: 'Sona Masoori Rice',
            kind: 'bulk',
            price: 72,
            hsn: '1006',
            gst: 5,
            items: ['Sona Masoori Raw Rice', 'Sona Masoori Steam Rice', 'Aged Sona Masoori Rice'],
            brands: ['Kaveri Gold', 'Desi Harvest'],
          },
          {
            name: 'Poha & Rice Flakes',
            kind: 'weight',
            price: 45,
            hsn: '1904',
            gst: 5,
            items: ['Thick Poha', 'Thin Poha', 'Red Rice Poha'],
            brands: ['Desi Harvest', 'Lakshmi Mills'],
          },
        ],
      },
      {
        name: 'Atta & Flours',
        leaves: [
          {
            name: 'Whole Wheat Atta',
            kind: 'bulk',
            price: 58,
            hsn: '1101',
            gst: 0,
            items: ['Chakki Fresh Atta', 'Sharbati Whole Wheat Atta', 'Multigrain Atta', 'MP Wheat Atta'],
            brands: ['Annapurna Farms', 'Lakshmi Mills', 'Shakti Foods'],
          },
          {
            name: 'Besan & Other Flours',
            kind: 'weight',
            price: 62,
            hsn: '1106',
            gst: 0,
            items: ['Besan', 'Ragi Flour', 'Rice Flour', 'Jowar Flour', 'Maida'],
            brands: ['Lakshmi Mills', 'Tulsi Organics'],
          },
        ],
      },
      {
        name: 'Dals & Pulses',
        leaves: [
          {
            name: 'Toor & Moong Dal',
            kind: 'weight',
            price: 89,
            hsn: '0713',
            gst: 0,
            items: ['Toor Dal', 'Moong Dal', 'Unpolished Toor Dal', 'Moong Whole'],
            brands: ['Desi Harvest', 'Tulsi Organics', 'Shakti Foods'],
          },
          {
            name: 'Chana, Masoor & Urad',
            kind: 'weight',
            price: 78,
            hsn: '0713',
            gst: 0,
            items: ['Chana Dal', 'Masoor Dal', 'Urad Dal', 'Kabuli Chana', 'Rajma'],
            brands: ['Desi Harvest', 'Shakti Foods'],
          },
        ],
      },
      {
        name: 'Oils & Ghee',
        leaves: [
          {
            name: 'Cooking Oils',
            kind: 'volume',
            price: 95,
            hsn: '1512',
            gst: 5,
            items: ['Refined Sunflower Oil', 'Kachi Ghani Mustard Oil', 'Groundnut Oil', 'Rice Bran Oil', 'Cold Pressed Coconut Oil'],
            brands: ['Dhara Gold', 'Malabar Spice Co.', 'Sahyadri Fresh'],
          },
          {
            name: 'Ghee',
            kind: 'volume',
            price: 310,
            hsn: '0405',
            gst: 12,
            items: ['Pure Cow Ghee', 'Desi Danedar Ghee', 'A2 Cow Ghee'],
            brands: ['Gokul Dairy', 'Amrut Dairy'],
          },
        ],
      },
      {
        name: 'Masalas & Spices',
        leaves: [
          {
            name: 'Powdered Spices',
            kind: 'small',
            price: 38,
            hsn: '0910',
            gst: 5,
            items: [
              'Turmeric Powder',
              'Kashmiri Chilli Powder',
              'Coriander Powder',
              'Garam Masala',
              'Cumin Powder',
              'Sambar Masala',
              'Chole Masala',
            ],
            brands: ['Rajdhani Masale', 'Malabar Spice Co.', 'Masala Magic'],
          },
          {
            name: 'Whole Spices',
            kind: 'small',
            price: 55,
            hsn: '0908',
            gst: 5,
            items: ['Cumin Seeds', 'Mustard Seeds', 'Green Cardamom', 'Cloves', 'Black Pepper', 'Cinnamon Sticks'],
            brands: ['Malabar Spice Co.', 'Rajdhani Masale'],
          },
        ],
      },
      {
        name: 'Salt, Sugar & Jaggery',
        leaf: {
          kind: 'weight',
          price: 28,
          hsn: '1701',
          gst: 5,
          items: ['Iodised Salt', 'Rock Salt', 'Refined Sugar', 'Organic Jaggery Powder', 'Brown Sugar'],
          brands: ['Ganga Sagar', 'Tulsi Organics'],
        },
      },
    ],
  },
  {
    name: 'Fruits & Vegetables',
    colour: '#15803d',
    shape: 'leaf',
    children: [
      {
        name: 'Fresh Vegetables',
        leaf: {
          kind: 'produce',
          price: 18,
          hsn: '0709',
          gst: 0,
          items: ['Onion', 'Tomato', 'Potato', 'Green Chilli', 'Ladies Finger', 'Cauliflower', 'Brinjal', 'Carrot', 'Capsicum', 'Cucumber'],
          brands: ['Fresh Fields', 'Hariyali'],
        },
      },
      {
        name: 'Fresh Fruits',
        leaf: {
          kind: 'produce',
          price: 40,
          hsn: '0804',
          gst: 0,
          items: ['Banana Robusta', 'Alphonso Mango', 'Shimla Apple', 'Pomegranate', 'Papaya', 'Nagpur Orange', 'Green Grapes'],
          brands: ['Fresh Fields', 'Hariyali'],
        },
      },
      {
        name: 'Herbs & Leafy Greens',
        leaf: {
          kind: 'produce',
          price: 12,
          hsn: '0709',
          gst: 0,
          items: ['Coriander Leaves', 'Mint Leaves', 'Curry Leaves', 'Spinach', 'Methi Leaves'],
          brands: ['Fresh Fields'],
        },
      },
    ],
  },
  {
    name: 'Dairy & Bakery',
    colour: '#0369a1',
    shape: 'box',
    children: [
      {
        name: 'Milk & Curd',
        leaves: [
          {
            name: 'Milk',
            kind: 'volume',
            price: 28,
            hsn: '0401',
            gst: 0,
            items: ['Toned Milk', 'Full Cream Milk', 'Double Toned Milk', 'Lactose Free Milk'],
            brands: ['Gokul Dairy', 'Amrut Dairy', 'Nandan Farms'],
          },
          {
            name: 'Curd & Buttermilk',
            kind: 'dairy',
            price: 25,
            hsn: '0403',
            gst: 5,
            items: ['Fresh Curd', 'Greek Yogurt', 'Masala Chaas', 'Sweet Lassi'],
            brands: ['Gokul Dairy', 'Nandan Farms'],
          },
        ],
      },
      {
        name: 'Paneer, Butter & Cheese',
        leaf: {
          kind: 'dairy',
          price: 90,
          hsn: '0406',
          gst: 5,
          items: ['Malai Paneer', 'Salted Butter', 'Cheese Slices', 'Mozzarella Cheese', 'Fresh Cream'],
          brands: ['Amrut Dairy', 'Gokul Dairy'],
        },
      },
      {
        name: 'Bread & Buns',
        leaf: {
          kind: 'pieces',
          price: 40,
          hsn: '1905',
          gst: 0,
          items: ['Whole Wheat Bread', 'Milk Bread', 'Pav Buns', 'Multigrain Bread', 'Burger Buns'],
          brands: ['Sunrise Bakers', 'Bake House'],
        },
      },
    ],
  },
  {
    name: 'Snacks & Branded Foods',
    colour: '#c2410c',
    shape: 'box',
    children: [
      {
        name: 'Biscuits & Cookies',
        leaf: {
          kind: 'small',
          price: 20,
          hsn: '1905',
          gst: 18,
          items: ['Marie Biscuits', 'Butter Cookies', 'Cream Biscuits', 'Digestive Biscuits', 'Glucose Biscuits', 'Nankhatai'],
          brands: ['Sunrise Bakers', 'Bake House', 'Crunchy Bites'],
        },
      },
      {
        name: 'Namkeen & Chips',
        leaf: {
          kind: 'small',
          price: 20,
          hsn: '2106',
          gst: 12,
          items: ['Aloo Bhujia', 'Moong Dal Namkeen', 'Salted Potato Chips', 'Masala Banana Chips', 'Khatta Meetha', 'Mixture'],
          brands: ['Crunchy Bites', 'Swad Bharat'],
        },
      },
      {
        name: 'Chocolates & Sweets',
        leaf: {
          kind: 'small',
          price: 40,
          hsn: '1806',
          gst: 18,
          items: ['Milk Chocolate', 'Dark Chocolate', 'Rasgulla Tin', 'Gulab Jamun Tin', 'Soan Papdi'],
          brands: ['Choco Rama', 'Swad Bharat'],
        },
      },
      {
        name: 'Ready to Cook',
        leaves: [
          {
            name: 'Noodles & Pasta',
            kind: 'small',
            price: 15,
            hsn: '1902',
            gst: 12,
            items: ['Masala Instant Noodles', 'Atta Noodles', 'Penne Pasta', 'Vermicelli', 'Hakka Noodles'],
            brands: ["Mother's Kitchen", 'Swad Bharat'],
          },
          {
            name: 'Breakfast Cereals',
            kind: 'weight',
            price: 120,
            hsn: '1904',
            gst: 18,
            items: ['Corn Flakes', 'Rolled Oats', 'Muesli Fruit & Nut', 'Ragi Flakes'],
            brands: ["Mother's Kitchen", 'Tulsi Organics'],
          },
          {
            name: 'Pickles & Chutneys',
            kind: 'small',
            price: 60,
            hsn: '2001',
            gst: 12,
            items: ['Mango Pickle', 'Lime Pickle', 'Mixed Pickle', 'Garlic Pickle', 'Coconut Chutney Powder'],
            brands: ["Mother's Kitchen", 'Malabar Spice Co.'],
          },
        ],
      },
    ],
  },
  {
    name: 'Beverages',
    colour: '#7c2d12',
    shape: 'jar',
    children: [
      {
        name: 'Tea',
        leaf: {
          kind: 'weight',
          price: 140,
          hsn: '0902',
          gst: 5,
          items: ['Assam CTC Tea', 'Darjeeling Leaf Tea', 'Masala Chai', 'Green Tea', 'Elaichi Tea'],
          brands: ['Chai Bagan', 'Nilgiri Estates'],
        },
      },
      {
        name: 'Coffee',
        leaf: {
          kind: 'small',
          price: 95,
          hsn: '0901',
          gst: 5,
          items: ['Filter Coffee Powder', 'Instant Coffee', 'Chicory Blend Coffee', 'Arabica Beans'],
          brands: ['Coorg Brew', 'Nilgiri Estates'],
        },
      },
      {
        name: 'Juices & Drinks',
        leaf: {
          kind: 'volume',
          price: 45,
          hsn: '2202',
          gst: 12,
          items: ['Mango Drink', 'Mixed Fruit Juice', 'Kokum Sharbat', 'Rose Sharbat', 'Jaljeera', 'Lemon Soda'],
          brands: ['Kissan Valley', 'Fizz Up'],
        },
      },
    ],
  },
  {
    name: 'Personal Care',
    colour: '#7e22ce',
    shape: 'tube',
    children: [
      {
        name: 'Bath & Body',
        leaf: {
          kind: 'pieces',
          price: 45,
          hsn: '3401',
          gst: 18,
          items: ['Neem Soap', 'Sandal Soap', 'Body Wash', 'Glycerine Soap'],
          brands: ['Pure Glow', 'Neem Care', 'Vedic Roots'],
        },
      },
      {
        name: 'Hair Care',
        leaf: {
          kind: 'volume',
          price: 120,
          hsn: '3305',
          gst: 18,
          items: ['Coconut Hair Oil', 'Amla Hair Oil', 'Herbal Shampoo', 'Anti Dandruff Shampoo'],
          brands: ['Vedic Roots', 'Pure Glow'],
        },
      },
      {
        name: 'Oral Care',
        leaf: {
          kind: 'pieces',
          price: 55,
          hsn: '3306',
          gst: 18,
          items: ['Herbal Toothpaste', 'Clove Toothpaste', 'Soft Toothbrush', 'Mouthwash'],
          brands: ['Neem Care', 'Vedic Roots'],
        },
      },
    ],
  },
  {
    name: 'Household',
    colour: '#0f766e',
    shape: 'bottle',
    children: [
      {
        name: 'Detergents',
        leaf: {
          kind: 'weight',
          price: 90,
          hsn: '3402',
          gst: 18,
          items: ['Detergent Powder', 'Liquid Detergent', 'Detergent Bar', 'Fabric Conditioner'],
          brands: ['Shine Home', 'Sparkle'],
        },
      },
      {
        name: 'Cleaners & Dishwash',
        leaf: {
          kind: 'volume',
          price: 85,
          hsn: '3402',
          gst: 18,
          items: ['Floor Cleaner', 'Dishwash Gel', 'Toilet Cleaner', 'Glass Cleaner', 'Dishwash Bar'],
          brands: ['Shine Home', 'Sparkle'],
        },
      },
      {
        name: 'Pooja Needs',
        leaf: {
          kind: 'pieces',
          price: 30,
          hsn: '3307',
          gst: 5,
          items: ['Agarbatti', 'Camphor Tablets', 'Cotton Wicks', 'Dhoop Cones'],
          brands: ['Tulsi Organics', 'Vedic Roots'],
        },
      },
    ],
  },
];

/** Brands seen only on the brand carousel and filters, to round the list out. */
export const EXTRA_BRANDS = ['Sahyadri Organics', 'Kerala Naturals', 'Punjab Da Swad', 'Bengal Sweets Co.'];

export const BRAND_COLOURS = ['#0f766e', '#b45309', '#be123c', '#1d4ed8', '#4d7c0f', '#7e22ce', '#c2410c', '#0369a1'];
