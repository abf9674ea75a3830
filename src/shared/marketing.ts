/**
 * The public shell's marketing links (signup.md §2). They only navigate away to the main site;
 * `{product}` is replaced with the configured product slug.
 */
export interface MarketingLink {
  label: string;
  path: string;
}

export interface MarketingMenu {
  label: string;
  links: readonly MarketingLink[];
}

export const TOP_MENUS: readonly MarketingMenu[] = [
  {
    label: 'Business',
    links: [
      { label: 'Business Fiber', path: '/{product}-business-fiber' },
      { label: 'Business Connectivity', path: '/business_connectivity' },
      { label: 'Business UTOPIA Fiber', path: '/business_utopia' },
      { label: 'Business Bountiful Fiber', path: '/business_bountiful' },
      { label: 'Business Lehi Fiber', path: '/business_lehi' },
      { label: 'Business Southern Ute Fiber', path: '/business_southern_ute' },
      { label: 'Business Yellowstone Fiber', path: '/business_yellowstone' },
      { label: 'XWi SmartSMB', path: '/xwi-smartsmb' },
      { label: 'Business Phone', path: '/business_phone' },
      { label: 'Domains', path: '/domains' },
      { label: 'Web Hosting', path: '/web_hosting' },
      { label: 'Cloud Hosting', path: '/cloud_hosting' },
      { label: 'VPS', path: '/vps' },
      { label: 'Colocation', path: '/colocation' },
      { label: 'SSL Certificates', path: '/ssl' },
      { label: 'Email & Collaboration', path: '/email_collaboration' },
      { label: 'Licensing', path: '/licensing' },
      { label: 'Reseller', path: '/reseller' },
      { label: 'Professional Services', path: '/professional_services' },
    ],
  },
  {
    label: 'Residential',
    links: [
      { label: 'UTOPIA Fiber', path: '/utopia' },
      { label: 'Yellowstone Fiber', path: '/yellowstone_fiber' },
      { label: 'Bountiful Fiber', path: '/{product}-fiber-bountiful' },
      { label: 'Lehi Fiber', path: '/lehi' },
      { label: 'Voice', path: '/voice' },
      { label: 'Personal Email', path: '/personal_email' },
    ],
  },
  {
    label: 'About',
    links: [
      { label: 'Our Story', path: '/our_story' },
      { label: 'Our Network', path: '/our_network' },
      { label: 'Community', path: '/community' },
      { label: 'Environment', path: '/environment' },
      { label: 'Jobs', path: '/jobs' },
      { label: 'Blog', path: '/blog' },
      { label: 'Media', path: '/media' },
      { label: 'Statistics', path: '/statistics' },
      { label: 'Transparency', path: '/transparency' },
      { label: 'Legal', path: '/legal' },
      { label: 'Privacy Pledge', path: '/privacy-pledge' },
    ],
  },
  {
    label: 'Support',
    links: [
      { label: 'Support', path: '/support' },
      { label: 'Live Support', path: '/livesupport' },
      { label: 'Contact', path: '/contact' },
      { label: 'Reviews', path: '/reviews' },
    ],
  },
];

export const FOOTER_COLUMNS: readonly MarketingMenu[] = [
  {
    label: 'Services',
    links: [
      { label: 'Residential Fiber', path: '/utopia' },
      { label: 'Business Fiber', path: '/{product}-business-fiber' },
      { label: 'Voice', path: '/voice' },
      { label: 'Domains', path: '/domains' },
      { label: 'Web Hosting', path: '/web_hosting' },
      { label: 'Colocation', path: '/colocation' },
    ],
  },
  {
    label: 'Credentials',
    links: [
      { label: 'Green', path: '/green/' },
      { label: 'SOC 2', path: '/soc2/' },
      { label: 'PCI', path: '/pci/' },
      { label: 'Privacy Pledge', path: '/privacy-pledge' },
      { label: 'Transparency', path: '/transparency' },
    ],
  },
  {
    label: 'Social',
    links: [
      { label: 'Blog', path: '/blog' },
      { label: 'Reviews', path: '/reviews' },
      { label: 'Community', path: '/community' },
      { label: 'Media', path: '/media' },
    ],
  },
];

/** Turns a product name into the slug used in `{product}` links ("Ridgeline Fiber" → "ridgeline-fiber"). */
export function productSlug(productName: string): string {
  return productName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function marketingUrl(mainSiteUrl: string, productName: string, path: string): string {
  const base = mainSiteUrl.replace(/\/+$/, '');
  return `${base}${path.replace('{product}', productSlug(productName))}`;
}

/** The main site's search with the query. */
export function mainSiteSearchUrl(mainSiteUrl: string, query: string): string {
  const base = mainSiteUrl.replace(/\/+$/, '');
  return `${base}/search?q=${encodeURIComponent(query)}`;
}
