import type { BillingPackage, BillingSummary, CreateBilledCompanyBody } from '@app/contract/billing';
import type { Company, CompanyBody } from '@app/contract/companies';
import type { Role } from '@app/contract/rbac';
import type { RegisterUserBody, User } from '@app/contract/users';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

/** Client Management lists 3 companies per page (super-admin §7). */
export const COMPANIES_PAGE_SIZE = 3;

/** The filter panel: status, plan (package), industry and location (city). */
export interface CompanyFilters {
  status?: Company['status'];
  package_id?: number;
  industry?: string;
  city?: string;
}

const base = ['companies'] as const;

export const companiesQuery = (page: number, search: string, filters: CompanyFilters = {}) =>
  queryOptions({
    queryKey: [...base, 'list', { page, search, ...filters }],
    queryFn: () =>
      api.get<Company[]>('/client/companies', {
        query: { page, limit: COMPANIES_PAGE_SIZE, search, ...filters },
      }),
    placeholderData: keepPreviousData,
  });

export const useCompanies = (page: number, search: string, filters: CompanyFilters = {}) =>
  useQuery(companiesQuery(page, search, filters));

export const companyQuery = (id: number) =>
  queryOptions({
    queryKey: [...base, 'detail', id],
    queryFn: async () =>
      (await api.get<Company & { active_users: number }>(`/client/companies/id/${id}`)).data,
  });

export const companySummaryQuery = (id: number) =>
  queryOptions({
    queryKey: [...base, 'summary', id],
    queryFn: async () => (await api.get<BillingSummary>(`/billings/company/${id}/summary`)).data,
  });

/** The plan filter offers every package. */
export const planOptionsQuery = () =>
  queryOptions({
    queryKey: [...base, 'plans'],
    queryFn: async () => (await api.get<BillingPackage[]>('/admin/packages', { query: { limit: 100 } })).data,
    staleTime: 60_000,
  });

/** The roles 'Register New User' offers (client_admin first); super_admin is never offered. */
export const registerRolesQuery = () =>
  queryOptions({
    queryKey: [...base, 'roles'],
    queryFn: async () =>
      (await api.get<Role[]>('/rbac/roles', { query: { limit: 100 } })).data
        .map((role) => role.name)
        .filter((name) => name !== 'super_admin'),
    staleTime: 30_000,
  });

function useCompanyMutation<T>(mutationFn: (input: T) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: base }) });
}

export const useCreateCompany = () =>
  useCompanyMutation((body: CreateBilledCompanyBody) =>
    api.post<{ company: Company }>('/admin/billings/company', body),
  );

export const useUpdateCompany = () =>
  useCompanyMutation(({ externalId, body }: { externalId: string; body: Partial<CompanyBody> }) =>
    api.put<Company>(`/client/companies/external/${externalId}`, body),
  );

export const useCompanyStatus = () =>
  useCompanyMutation(({ id, status }: { id: number; status: Company['status'] }) =>
    api.put<Company>(`/client/companies/id/${id}/status`, { status }),
  );

export const useDeleteCompany = () =>
  useCompanyMutation((id: number) => api.delete<null>(`/client/companies/id/${id}`));

export const useRegisterUser = () =>
  useCompanyMutation(
    (body: Pick<RegisterUserBody, 'full_name' | 'email' | 'password' | 'phone' | 'roles' | 'company_id'>) =>
      api.post<User>('/client/companies/register-user', body),
  );
