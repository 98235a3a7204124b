// The /s/api client contract (X-Origin, XSRF, error shape, apiChecked) is shared with the staff app.
export { ApiError, ContractError, api, apiChecked, field, onContractError, type RequestOptions } from '@grocer/shared/api-client';
