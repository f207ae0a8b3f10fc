import { Resolver } from 'type-graphql';

// Filled in by the dashboard work of the content-core issue.
@Resolver()
export class DashboardResolver {}
