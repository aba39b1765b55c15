// Back-office routes (PRODUCT.md §2, §5): /admin/login, and the operator layout with its pages.
import type { RouteObject } from 'react-router';

export const adminRoutes: RouteObject[] = [];
