export const CONTACT_EMAIL = 'support@pressroom.app';
export const PRODUCT_NAME = 'Pressroom';
